import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CredentialsLoginSchema, RegisterBodySchema, UpsertUserBodySchema } from '@common/schemas/auth';
import { issueMessage } from './form';

const root = path.resolve(import.meta.dirname, '../../..');
const common = (lng: string) => JSON.parse(readFileSync(path.join(root, 'locales', lng, 'common.json'), 'utf8')) as object;

async function translator(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { common: common(lng) } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  return i18n.t;
}

async function messages(schema: z.ZodType, values: unknown, lng = 'en') {
  const t = await translator(lng);
  const result = schema.safeParse(values, { error: (issue) => issueMessage(issue, t) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('issueMessage: the words every form shows for a shared schema’s issue', () => {
  const login = CredentialsLoginSchema.pick({ email: true, password: true });

  it('says "required" for an empty or blank value, whatever check caught it', async () => {
    expect(await messages(login, { email: '   ', password: '' })).toEqual({
      email: 'Please fill in this field.',
      password: 'Please fill in this field.',
    });
    expect(await messages(UpsertUserBodySchema.pick({ first_name: true }), { first_name: ' ' })).toEqual({
      first_name: 'Please fill in this field.',
    });
  });

  it('names a bad e-mail and the lengths the schema sets', async () => {
    expect(await messages(login, { email: 'ann.example.com', password: 'x' })).toEqual({ email: 'This e-mail address is not valid.' });
    expect(await messages(RegisterBodySchema.pick({ city: true }), { city: 'x'.repeat(101) })).toEqual({
      city: 'Please use at most 100 characters.',
    });
    expect(await messages(RegisterBodySchema.shape.password.min(8), 'short')).toEqual({ '': 'Please use at least 8 characters.' });
  });

  it('speaks the reader’s language', async () => {
    expect(await messages(login, { email: '', password: 'x' }, 'fr')).toEqual({ email: 'Veuillez remplir ce champ.' });
  });
});
