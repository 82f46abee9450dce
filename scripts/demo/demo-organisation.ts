/** The demo's data: two companies with a full organisation, people and a strategic plan. Pure data, no database. */
export interface DemoCompany {
  companyName: string;
  /** the company's language: mail and documents for its people who chose none */
  language: 'en' | 'bn' | 'de';
  executive: { firstName: string; lastName: string; email: string };
  domain: string;
  businessUnits: { name: string; departments: { name: string; divisions: string[] }[] }[];
  people: [string, string][];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    companyName: 'Padma Textiles Ltd',
    language: 'en',
    executive: { firstName: 'Farzana', lastName: 'Rahman', email: 'farzana.rahman@padma.example' },
    domain: 'padma.example',
    businessUnits: [
      { name: 'Spinning', departments: [{ name: 'Yarn Production', divisions: ['Carding', 'Ring Spinning'] }, { name: 'Quality Control', divisions: ['Laboratory', 'Inspection'] }] },
      { name: 'Garments', departments: [{ name: 'Cutting', divisions: ['Pattern Room', 'Cutting Floor'] }, { name: 'Sewing', divisions: ['Line A', 'Line B'] }] },
      { name: 'Corporate Services', departments: [{ name: 'Finance', divisions: ['Accounts', 'Treasury'] }, { name: 'Human Resources', divisions: ['Recruitment', 'Training'] }] },
    ],
    people: [
      ['Tanvir', 'Ahmed'], ['Nusrat', 'Jahan'], ['Rakib', 'Hasan'], ['Sadia', 'Islam'], ['Imran', 'Hossain'], ['Farhana', 'Akter'], ['Mahmudul', 'Karim'],
      ['Shirin', 'Sultana'], ['Arif', 'Chowdhury'], ['Tahmina', 'Begum'], ['Kamrul', 'Hasan'], ['Nasrin', 'Parvin'], ['Sabbir', 'Rahman'], ['Mitu', 'Das'],
      ['Jahid', 'Alam'], ['Rupa', 'Saha'], ['Masud', 'Rana'], ['Lima', 'Khatun'], ['Shakil', 'Ahmed'], ['Puja', 'Roy'], ['Habib', 'Ullah'], ['Sumaiya', 'Noor'],
      ['Rashed', 'Khan'], ['Tania', 'Sarkar'], ['Faisal', 'Mahmud'], ['Ayesha', 'Siddiqua'], ['Nayeem', 'Uddin'], ['Rumana', 'Afroz'], ['Sohel', 'Rana'],
      ['Moushumi', 'Ghosh'], ['Zahid', 'Hasan'], ['Nadia', 'Islam'], ['Anisur', 'Rahman'], ['Keya', 'Paul'], ['Belal', 'Hossain'], ['Shapla', 'Akter'],
      ['Mizanur', 'Rahman'], ['Jannatul', 'Ferdous'], ['Rezaul', 'Karim'], ['Sharmin', 'Sultana'], ['Towhid', 'Islam'], ['Bristy', 'Dey'], ['Ashraf', 'Ali'],
      ['Nishat', 'Tasnim'], ['Omar', 'Faruk'], ['Priya', 'Biswas'], ['Selim', 'Reza'], ['Afsana', 'Mimi'], ['Monir', 'Hossain'], ['Tasnia', 'Haque'],
      ['Golam', 'Mostafa'], ['Ritu', 'Chakraborty'], ['Shahin', 'Alam'], ['Rokeya', 'Sultana'], ['Fahim', 'Shahriar'], ['Urmi', 'Sen'],
    ],
  },
  {
    companyName: 'Nordstern Logistik GmbH',
    language: 'de',
    executive: { firstName: 'Katrin', lastName: 'Vogel', email: 'katrin.vogel@nordstern.example' },
    domain: 'nordstern.example',
    businessUnits: [
      { name: 'Freight', departments: [{ name: 'Road Transport', divisions: ['Long Haul', 'Regional'] }, { name: 'Rail Freight', divisions: ['Intermodal', 'Bulk'] }] },
      { name: 'Warehousing', departments: [{ name: 'Operations', divisions: ['Inbound', 'Outbound'] }, { name: 'Inventory', divisions: ['Stock Control', 'Returns'] }] },
      { name: 'Group Functions', departments: [{ name: 'Controlling', divisions: ['Reporting', 'Planning'] }, { name: 'IT', divisions: ['Infrastructure', 'Applications'] }] },
    ],
    people: [
      ['Lukas', 'Schneider'], ['Anna', 'Fischer'], ['Jonas', 'Weber'], ['Lea', 'Meyer'], ['Felix', 'Wagner'], ['Laura', 'Becker'], ['Paul', 'Schulz'],
      ['Sophie', 'Hoffmann'], ['Maximilian', 'Koch'], ['Marie', 'Richter'], ['Leon', 'Klein'], ['Hannah', 'Wolf'], ['Tim', 'Schröder'], ['Julia', 'Neumann'],
      ['Niklas', 'Schwarz'], ['Lena', 'Zimmermann'], ['David', 'Braun'], ['Sarah', 'Krüger'], ['Jan', 'Hofmann'], ['Lisa', 'Hartmann'], ['Tobias', 'Lange'],
      ['Katharina', 'Schmitt'], ['Moritz', 'Werner'], ['Johanna', 'Krause'], ['Florian', 'Meier'], ['Clara', 'Lehmann'], ['Simon', 'Schmid'], ['Emma', 'Schulze'],
      ['Philipp', 'Maier'], ['Mia', 'Köhler'], ['Alexander', 'Herrmann'], ['Nina', 'König'], ['Sebastian', 'Walter'], ['Lara', 'Mayer'], ['Fabian', 'Huber'],
      ['Jana', 'Kaiser'], ['Daniel', 'Fuchs'], ['Annika', 'Peters'], ['Matthias', 'Lang'], ['Carina', 'Scholz'], ['Benedikt', 'Möller'], ['Theresa', 'Weiß'],
      ['Stefan', 'Jung'], ['Vanessa', 'Hahn'], ['Christian', 'Schubert'], ['Franziska', 'Vogel'], ['Dominik', 'Friedrich'], ['Miriam', 'Keller'], ['Kai', 'Günther'],
      ['Sabine', 'Frank'], ['Markus', 'Berger'], ['Ines', 'Winkler'], ['Oliver', 'Roth'], ['Ute', 'Beck'], ['Rainer', 'Lorenz'], ['Birgit', 'Baumann'],
    ],
  },
];

export const DEMO_PERSPECTIVES = ['Financial', 'Customer', 'Internal Process', 'Learning and Growth'];

/** The five bands of the rating scale (spec 001 §9): min, max, target percent per score. */
export const DEMO_RATING_BANDS = [
  { rating: 1, description: 'Unacceptable', min: 0, max: 59, target: 59, colorValue: '#d32f2f' },
  { rating: 2, description: 'Needs improvement', min: 60, max: 79, target: 79, colorValue: '#f57c00' },
  { rating: 3, description: 'Meets expectations', min: 80, max: 99, target: 99, colorValue: '#fbc02d' },
  { rating: 4, description: 'Exceeds expectations', min: 100, max: 119, target: 119, colorValue: '#7cb342' },
  { rating: 5, description: 'Outstanding', min: 120, max: 1000, target: 1000, colorValue: '#2e7d32' },
];
