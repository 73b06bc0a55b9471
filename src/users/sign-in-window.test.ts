// Failed sign-ins are counted over a sliding 15 minutes (one-minute slices), not a fixed
// window: a burst at a fixed window's edge could try twice the allowed passwords (10 before
// the edge, 10 after). The ceiling holds for any 15 minutes, and Retry-After says when the
// oldest failures leave the window.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newWorkspace, openTestDb } from '../../test/harness.ts';
import type { Db } from '../db/connect.ts';
import { LimitExceeded, Unauthorized } from '../errors.ts';
import { checkSignIn, createUser } from './service.ts';

let db: Db;
let email = '';
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  db = await openTestDb();
  const ws = await newWorkspace(db);
  email = `window-${process.pid}-${Date.now()}@staff.example`;
  await createUser(db, { workspaceId: ws.workspaceId, email, role: 'owner', password: PASSWORD }, new Date());
});
afterAll(() => db.close());

/** An attempt at `at`: 'ok', 'wrong' or the seconds a refusal asks to wait. */
async function attempt(at: Date, password: string, address: string): Promise<'ok' | 'wrong' | number> {
  try {
    await checkSignIn(db, email, password, address, at);
    return 'ok';
  } catch (err) {
    if (err instanceof Unauthorized) return 'wrong';
    if (err instanceof LimitExceeded) return err.retryAfter ?? -1;
    throw err;
  }
}

it('ten failures just before a quarter-hour edge keep refusing just after it, until they leave the window', async () => {
  // 10:14:50, ten seconds before a fixed 15-minute window would have ended.
  const start = Date.parse('2031-03-04T10:14:50Z');
  const at = (s: number) => new Date(start + s * 1000);
  const results: ('ok' | 'wrong' | number)[] = [];
  for (let i = 0; i < 10; i++) results.push(await attempt(at(i), 'wrong password!', `192.0.2.${i}`));
  expect(results).toEqual(Array(10).fill('wrong'));
  // Twenty seconds later a fixed window would have started again; the sliding one has not.
  const after = await attempt(at(20), PASSWORD, '198.51.100.1');
  expect(typeof after).toBe('number');
  // The failures were counted in the 10:14 slice, which leaves the window at 10:30:00.
  expect(after).toBe(Date.parse('2031-03-04T10:30:00Z') / 1000 - (start / 1000 + 20));
  expect(await attempt(new Date(Date.parse('2031-03-04T10:29:59Z')), PASSWORD, '198.51.100.1')).toBeTypeOf('number');
  expect(await attempt(new Date(Date.parse('2031-03-04T10:30:01Z')), PASSWORD, '198.51.100.1')).toBe('ok');
});
