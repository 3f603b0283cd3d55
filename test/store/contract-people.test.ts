import { expect, it } from 'vitest';
import type { AttemptRecord, EmailCodeRecord, InvitationRecord, SessionRecord, SignUpRecord, Store, UserRecord } from '../../src/store/port.js';
import { credential, customer, storeSuite } from './adapters.js';

const user = (id: string, o: Partial<UserRecord> = {}): UserRecord => ({
  id,
  customer_id: 'cus_1',
  email: `${id}@example.com`,
  password_hash: 'scrypt$32768$8$1$salt$hash',
  password_changed_at: 100,
  created_at: 100,
  ...o,
});

const session = (id: string, userId: string, o: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  user_id: userId,
  hash: `h_${id}`,
  csrf_token: `csrf_${id}`,
  created_at: 200,
  last_seen_at: 200,
  revoked_at: null,
  ...o,
});

/** The dashboard's people over both adapters: users, sessions, emailed codes, mails, invitations, platform credentials. */
/** A customer, before each test. */
const seed = async (store: Store): Promise<void> => {
  await store.transaction((tx) => tx.insertCustomer(customer(1)));
};

await storeSuite('store contract, people: $name', (store) => {
  it('users: by id and by email (unique), password changed', async () => {
    await store.transaction((tx) => tx.insertUser(user('usr_1')));
    expect(await store.getUser('usr_1')).toEqual(user('usr_1'));
    expect(await store.findUserByEmail('usr_1@example.com')).toEqual(user('usr_1'));
    expect(await store.findUserByEmail('nobody@example.com')).toBeUndefined();
    await expect(store.transaction((tx) => tx.insertUser(user('usr_2', { email: 'usr_1@example.com' })))).rejects.toThrow();
    await store.transaction((tx) => tx.setUserPassword('usr_1', 'scrypt$new', 300));
    expect(await store.getUser('usr_1')).toEqual({ ...user('usr_1'), password_hash: 'scrypt$new', password_changed_at: 300 });
  });

  it('sign-ups: found by hash, several per address, used once, the expired dropped a batch at a time', async () => {
    const signUp = (id: string, expires: number): SignUpRecord => ({
      id,
      email: 'new@example.com',
      password_hash: 'scrypt$h',
      hash: `h_${id}`,
      expires_at: expires,
      used_at: null,
      created_at: 1,
    });
    await store.transaction(async (tx) => {
      for (const [id, expires] of [['sup_1', 10], ['sup_2', 20], ['sup_3', 30]] as const) await tx.insertSignUp(signUp(id, expires));
    });
    expect(await store.findSignUpByHash('h_sup_2')).toEqual(signUp('sup_2', 20));
    expect(await store.findSignUpByHash('nope')).toBeUndefined();
    const used = await Promise.all([store.transaction((tx) => tx.useSignUp('sup_3', 5)), store.transaction((tx) => tx.useSignUp('sup_3', 6))]);
    expect(used.filter(Boolean)).toHaveLength(1);
    expect((await store.findSignUpByHash('h_sup_3'))!.used_at).toBeOneOf([5, 6]);
    expect(await store.transaction((tx) => tx.deleteExpiredSignUps(20, 1))).toBe(1);
    expect(await store.findSignUpByHash('h_sup_1')).toBeUndefined();
    expect(await store.transaction((tx) => tx.deleteExpiredSignUps(20, 10))).toBe(1);
    expect(await store.findSignUpByHash('h_sup_2')).toBeUndefined();
    expect(await store.findSignUpByHash('h_sup_3')).toBeDefined();
  });

  it('attempts: written whole (inserted, then over the one there), read by subject, the stale dropped', async () => {
    const a = (subject: string, o: Partial<AttemptRecord> = {}): AttemptRecord => ({
      subject,
      hits: 1,
      window_start: 10,
      blocked_until: null,
      passed_at: null,
      updated_at: 10,
      ...o,
    });
    await store.transaction(async (tx) => {
      await tx.putAttempts(a('s1'));
      await tx.putAttempts(a('s2', { updated_at: 50 }));
    });
    expect(await store.getAttempts('s1')).toEqual(a('s1'));
    expect(await store.getAttempts('nope')).toBeUndefined();
    await store.transaction((tx) => tx.putAttempts(a('s1', { hits: 5, window_start: 20, blocked_until: 9_000_000_000_000, passed_at: 30, updated_at: 40 })));
    expect(await store.getAttempts('s1')).toEqual(a('s1', { hits: 5, window_start: 20, blocked_until: 9_000_000_000_000, passed_at: 30, updated_at: 40 }));
    expect(await store.transaction((tx) => tx.deleteAttemptsBefore(50, 10))).toBe(1);
    expect(await store.getAttempts('s1')).toBeUndefined();
    expect(await store.getAttempts('s2')).toEqual(a('s2', { updated_at: 50 }));
  });

  it('sessions: found by hash, touched forward only, ended once, all of a user but one', async () => {
    await store.transaction(async (tx) => {
      await tx.insertUser(user('usr_1'));
      for (const id of ['ses_1', 'ses_2', 'ses_3']) await tx.insertSession(session(id, 'usr_1'));
    });
    expect(await store.findSessionByHash('h_ses_1')).toEqual(session('ses_1', 'usr_1'));
    expect(await store.findSessionByHash('nope')).toBeUndefined();
    await store.transaction(async (tx) => {
      await tx.touchSession('ses_1', 900);
      await tx.touchSession('ses_1', 800);
    });
    expect((await store.findSessionByHash('h_ses_1'))!.last_seen_at).toBe(900);
    expect(await store.transaction((tx) => tx.revokeSession('ses_3', 1000))).toBe(true);
    expect(await store.transaction((tx) => tx.revokeSession('ses_3', 1100))).toBe(false);
    expect(await store.transaction((tx) => tx.revokeSessionsOfUser('usr_1', 'ses_1', 1200))).toBe(1);
    expect((await store.findSessionByHash('h_ses_1'))!.revoked_at).toBeNull();
    expect((await store.findSessionByHash('h_ses_2'))!.revoked_at).toBe(1200);
    expect((await store.findSessionByHash('h_ses_3'))!.revoked_at).toBe(1000);
    expect(await store.transaction((tx) => tx.revokeSessionsOfUser('usr_1', null, 1300))).toBe(1);
    expect((await store.findSessionByHash('h_ses_1'))!.revoked_at).toBe(1300);
  });

  it('email codes: newest first, tries and use recorded', async () => {
    const code = (id: string, created: number): EmailCodeRecord => ({
      id,
      user_id: 'usr_1',
      purpose: 'live_key',
      hash: `h_${id}`,
      tries: 0,
      expires_at: created + 600_000,
      used_at: null,
      created_at: created,
    });
    await store.transaction(async (tx) => {
      await tx.insertUser(user('usr_1'));
      await tx.insertEmailCode(code('ec_1', 10));
      await tx.insertEmailCode(code('ec_2', 20));
    });
    expect(await store.listEmailCodes('usr_1', 'live_key', 10)).toEqual([code('ec_2', 20), code('ec_1', 10)]);
    expect(await store.listEmailCodes('usr_1', 'other', 10)).toEqual([]);
    await store.transaction((tx) => tx.updateEmailCode('ec_2', { tries: 2, used_at: 30 }));
    expect((await store.listEmailCodes('usr_1', 'live_key', 1))[0]).toEqual({ ...code('ec_2', 20), tries: 2, used_at: 30 });
  });

  it('mails newest first; invitations used once', async () => {
    await store.transaction(async (tx) => {
      await tx.insertMail({ id: 'mail_1', to_address: 'a@example.com', subject: 'one', body: 'Code: 123456\n', created_at: 1 });
      await tx.insertMail({ id: 'mail_2', to_address: 'b@example.com', subject: 'two', body: 'ünïcödé', created_at: 2 });
    });
    expect((await store.listMails(10)).map((m) => [m.id, m.body])).toEqual([
      ['mail_2', 'ünïcödé'],
      ['mail_1', 'Code: 123456\n'],
    ]);
    expect(await store.listMails(1)).toHaveLength(1);
    const inv: InvitationRecord = { id: 'inv_1', email: 'x@example.com', customer_id: 'cus_1', hash: 'h_inv', expires_at: 99, used_at: null, created_at: 1 };
    await store.transaction((tx) => tx.insertInvitation(inv));
    expect(await store.findInvitationByHash('h_inv')).toEqual(inv);
    const used = await Promise.all([store.transaction((tx) => tx.useInvitation('inv_1', 5)), store.transaction((tx) => tx.useInvitation('inv_1', 6))]);
    expect(used.filter(Boolean)).toHaveLength(1);
  });

  it('credentials: origin, user and session kept; revoked by session or by user', async () => {
    const platform = { origin: 'platform' as const, user_id: 'usr_1', session_id: 'ses_1' };
    await store.transaction(async (tx) => {
      await tx.insertUser(user('usr_1'));
      await tx.insertCredential(credential('tok_1', 'cus_1', { kind: 'token', token_kind: 'app', resource: 'live.test', ...platform }));
      await tx.insertCredential(credential('tok_2', 'cus_1', { kind: 'token', token_kind: 'app', resource: 'live.test', ...platform, session_id: 'ses_2' }));
      await tx.insertCredential(credential('key_1', 'cus_1'));
    });
    expect(await store.findCredentialByHash('hash_tok_1')).toMatchObject(platform);
    expect(await store.getCredential('key_1')).toMatchObject({ origin: null, user_id: null, session_id: null });
    // Read once so a cache (SQLite's) holds it: the revocation must not leave it stale.
    expect((await store.findCredentialByHash('hash_tok_2'))!.revoked_at).toBeNull();
    expect(await store.transaction((tx) => tx.revokeCredentialsBy({ session_id: 'ses_1' }, 50))).toBe(1);
    expect((await store.findCredentialByHash('hash_tok_1'))!.revoked_at).toBe(50);
    expect((await store.findCredentialByHash('hash_tok_2'))!.revoked_at).toBeNull();
    expect(await store.transaction((tx) => tx.revokeCredentialsBy({ user_id: 'usr_1' }, 60))).toBe(1);
    expect((await store.findCredentialByHash('hash_tok_2'))!.revoked_at).toBe(60);
    expect((await store.getCredential('key_1'))!.revoked_at).toBeNull();
  });
}, seed);
