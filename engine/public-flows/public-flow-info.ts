/** One question a respondent answers; ids are what the flow's answers entity keeps in its key field. */
export interface PublicQuestion {
  id: number;
  text: string;
  /** a heading the question sits under (an area, a competency) */
  group?: string;
  type: 'text' | 'rating' | 'choice';
  /** rating and choice: the values offered, with their labels */
  options?: { value: number | string; label: string }[];
  required?: boolean;
  /** the answers entity's field the answer goes in (default: text → answer, rating → rating, choice → choice) */
  field?: string;
}

/** What a flow's info hook gives the respondent's screen: the title, an introduction and the questions. */
export interface PublicFlowInfo {
  title: string;
  intro?: string;
  questions: PublicQuestion[];
  /** anything else the flow's screen shows (the reviewed employee, the engagement), passed through as is */
  [extra: string]: unknown;
}
