/** The signed-in user, kept in local storage as the spec says; the route guard only asks whether it is there. */
export interface SessionUser {
  id: number;
  uid: number;
  token: string;
  role: 'holder' | 'employee';
  companyId: number | null;
  employeeId: number | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** the language the person chose on the server (their mail and documents are written in it) */
  language?: 'en' | 'bn' | 'de' | null;
}

const KEY = 'stratum.user';

export function storedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(KEY, JSON.stringify(user));
  window.dispatchEvent(new Event('stratum:session'));
}

export function clearUser(): void {
  localStorage.removeItem(KEY);
  window.dispatchEvent(new Event('stratum:session'));
}
