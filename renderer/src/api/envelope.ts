/** The spec's reply envelope; a call succeeds only when res is "success", compared without regard to case. */
export interface Envelope<T = any> {
  res: string;
  data: T;
  err_msg: string | null;
  code?: string;
  errors?: { field: string; message: string }[];
}

export const succeeded = (e: Envelope): boolean => typeof e.res === 'string' && e.res.toLowerCase() === 'success';
