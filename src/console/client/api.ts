// The console's calls: its own /console/api/… and the API (/chat/…), both with the session
// cookie; every state-changing call carries the session's CSRF token.
export class ApiError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

let csrf = '';
export function setCsrf(token: string): void {
  csrf = token;
}

async function envelope<T>(res: Response): Promise<T> {
  let body: { Data: T; Success: boolean; Code: number; Message: string } | null = null;
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  if (res.status === 401) {
    location.assign('/console/sign-in');
    throw new ApiError(401, body?.Message ?? 'signed out');
  }
  if (!body) throw new ApiError(res.status, `the server answered ${res.status}`);
  if (!body.Success) throw new ApiError(body.Code, body.Message);
  return body.Data;
}

export async function get<T>(path: string, query: Record<string, string | number | boolean | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== false) params.set(k, String(v));
  const qs = params.toString();
  return envelope<T>(await fetch(qs ? `${path}?${qs}` : path, { credentials: 'same-origin' }));
}

export async function post<T>(path: string, body: unknown = {}) {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: JSON.stringify(body),
  });
  return envelope<T>(res);
}

export interface Me {
  Email: string;
  Name: string;
  Role: 'owner' | 'agent';
  CsrfToken: string;
  Chatbots: { SerialNumber: string; Name: string }[];
}
