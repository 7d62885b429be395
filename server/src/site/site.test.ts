import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/constants';
import { SITE_PAGES, type Block, type SitePageContent } from '@common/schemas/site';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { startSmtpStandIn } from '../../test/stand-ins/smtp';
import { outboxDir } from '../providers/mail';
import { parseMarkdown } from './markdown';
import { LIMITS } from './routes';

const textOf = (blocks: Block[]) =>
  blocks
    .flatMap((block) => (block.kind === 'list' ? block.items.flat() : block.content))
    .map((run) => run.text)
    .join('\n');
const linksOf = (blocks: Block[]) =>
  blocks
    .flatMap((block) => (block.kind === 'list' ? block.items.flat() : block.content))
    .flatMap((run) => (run.kind === 'link' ? [run.href] : []));

describe('the site pages (content/legal/{lng}/*.md)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ OPERATOR_NAME: 'Éditions Ada SARL', OPERATOR_EMAIL: 'hello@ada.example' });
  });
  afterAll(async () => {
    await app.close();
  });
  const page = async (lang: string, name: string) => app.inject({ method: 'GET', url: `/api/sitePage/${lang}/${name}` });

  it('serves every page in every language, in that language, with the operator filled in and no placeholder left', async () => {
    const titles = new Map<string, Set<string>>();
    for (const lang of LANGUAGES) {
      for (const name of SITE_PAGES) {
        const res = await page(lang, name);
        expect(res.statusCode, `${lang}/${name}`).toBe(200);
        const { title, blocks } = res.json().success as SitePageContent;
        expect(title, `${lang}/${name}`).not.toBe('');
        expect(blocks.length).toBeGreaterThan(1);
        const text = textOf(blocks);
        expect(text).not.toMatch(/\{\{|\}\}/);
        for (const href of linksOf(blocks)) expect(href, `${lang}/${name}`).toMatch(new RegExp(`^(/${lang}/|mailto:|https://)`));
        if (!titles.has(name)) titles.set(name, new Set());
        titles.get(name)!.add(title);
      }
    }
    // four languages, four different titles per page
    for (const [name, set] of titles) expect(set.size, name).toBe(4);
    const legal = (await page('fr', 'legal-notice')).json().success as SitePageContent;
    expect(textOf(legal.blocks)).toContain('Éditions Ada SARL');
    expect(linksOf(legal.blocks)).toContain('mailto:hello@ada.example');
    // no address and no phone configured: those lines are left out, not printed empty
    expect(textOf(legal.blocks)).not.toMatch(/Adresse\s*:|Téléphone/);
  });

  it('the privacy policy names what is kept (answers, voice samples, photos), for how long, and the self-service download and deletion', async () => {
    const words = {
      en: ['answers', 'voice samples', 'photos', 'as long as your account exists', 'Download all my data', 'Delete my account'],
      fr: [
        'réponses',
        'échantillons de voix',
        'photos',
        'tant que votre compte existe',
        'Télécharger toutes mes données',
        'Supprimer mon compte',
      ],
      es: ['respuestas', 'muestras de voz', 'fotos', 'mientras exista tu cuenta', 'Descargar todos mis datos', 'Eliminar mi cuenta'],
      it: ['risposte', 'campioni di voce', 'foto', 'finché l’account esiste', 'Scarica tutti i miei dati', 'Elimina il mio account'],
    } as const;
    for (const lang of LANGUAGES) {
      const { blocks } = (await page(lang, 'privacy')).json().success as SitePageContent;
      const text = textOf(blocks);
      for (const word of words[lang]) expect(text, lang).toContain(word);
      expect(linksOf(blocks)).toContain(`/${lang}/profile`);
      // the profile page's own labels, so the reader finds the buttons the policy names
      const account = JSON.parse(fs.readFileSync(path.join(app.ctx.config.localesDir, lang, 'account.json'), 'utf8')) as Record<
        string,
        string
      >;
      expect(text).toContain(account.download);
      expect(text).toContain(account.delete_title);
    }
  });

  it('refuses unknown pages and languages with 400, and a missing file with a translated 404', async () => {
    expect((await page('de', 'terms')).statusCode).toBe(400);
    expect((await page('en', 'secrets')).statusCode).toBe(400);
    expect((await page('en', '..%2F..%2Fpackage')).statusCode).toBe(400);
    const folder = path.join(app.ctx.config.contentDir, 'legal', 'it');
    const file = path.join(folder, 'faq.md');
    const kept = fs.readFileSync(file);
    fs.renameSync(file, `${file}.away`);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/sitePage/it/faq', headers: { lng: 'it' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'site.page_missing', error: 'Questa pagina non esiste ancora in questa lingua.' });
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    expect(fs.readFileSync(file)).toEqual(kept);
  });

  it('settings: every link is the built-in page and no phone, unless configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/siteSettings' });
    expect(res.json().success).toEqual({
      links: { 'how-it-works': null, faq: null, blog: null, contact: null, terms: null, privacy: null, 'legal-notice': null },
      support_phone: null,
      social: { facebook: null, instagram: null, youtube: null, linkedin: null },
    });
    const configured = await buildTestApp({
      TERMS_URL: 'https://example.org/terms',
      PRIVACY_URL: 'https://example.org/privacy',
      LEGAL_URL: 'https://example.org/legal',
      FAQ_URL: 'https://example.org/faq',
      HOW_IT_WORKS_URL: 'https://example.org/how',
      BLOG_URL: 'https://example.org/blog',
      CONTACT_URL: 'https://example.org/contact',
      SUPPORT_PHONE: '+33 1 23 45 67 89',
      INSTAGRAM_URL: 'https://www.instagram.com/my.press',
      LINKEDIN_URL: 'https://www.linkedin.com/company/my-press',
      OPERATOR_ADDRESS: '1 rue des Livres, 75005 Paris',
    });
    try {
      expect((await configured.inject({ method: 'GET', url: '/api/siteSettings' })).json().success).toEqual({
        links: {
          'how-it-works': 'https://example.org/how',
          faq: 'https://example.org/faq',
          blog: 'https://example.org/blog',
          contact: 'https://example.org/contact',
          terms: 'https://example.org/terms',
          privacy: 'https://example.org/privacy',
          'legal-notice': 'https://example.org/legal',
        },
        support_phone: '+33 1 23 45 67 89',
        social: {
          facebook: null,
          instagram: 'https://www.instagram.com/my.press',
          youtube: null,
          linkedin: 'https://www.linkedin.com/company/my-press',
        },
      });
      const legal = (await configured.inject({ method: 'GET', url: '/api/sitePage/en/legal-notice' })).json().success as SitePageContent;
      expect(textOf(legal.blocks)).toContain('Address: 1 rue des Livres, 75005 Paris.');
      expect(textOf(legal.blocks)).toContain('Telephone: +33 1 23 45 67 89.');
    } finally {
      await configured.close();
    }
  });
});

describe('parseMarkdown: nothing an operator writes becomes HTML or script', () => {
  it('keeps HTML as text and drops links that are not web, mail, phone or site paths', () => {
    const { title, blocks } = parseMarkdown(
      [
        '# Title <b>',
        '',
        'A <script>alert(1)</script> [bad](javascript:alert(1)) [other](//evil.example) [ok](/en/faq) **strong** *em*',
        '',
        '- one',
        '- two [mail](mailto:a@b.co)',
        '1. first',
      ].join('\n'),
    );
    expect(title).toBe('Title <b>');
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      content: [
        { kind: 'text', text: 'A <script>alert(1)</script> bad) other ' },
        { kind: 'link', text: 'ok', href: '/en/faq' },
        { kind: 'text', text: ' ' },
        { kind: 'strong', text: 'strong' },
        { kind: 'text', text: ' ' },
        { kind: 'em', text: 'em' },
      ],
    });
    expect(blocks[1]).toEqual({
      kind: 'list',
      ordered: false,
      items: [
        [{ kind: 'text', text: 'one' }],
        [
          { kind: 'text', text: 'two ' },
          { kind: 'link', text: 'mail', href: 'mailto:a@b.co' },
        ],
      ],
    });
    expect(blocks[2]).toEqual({ kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }]] });
  });
});

describe('the contact form', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    app = await buildTestApp({
      CAPTCHA_PROVIDER: 'altcha',
      SECRET_KEY: 'site-test-key',
      SMTP_URL: smtp.url,
      OPERATOR_EMAIL: 'owner@plume.example',
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  async function solution() {
    const challenge = (await app.inject({ method: 'GET', url: '/api/captchaChallenge' })).json();
    const solved = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution: solved })).toString('base64');
  }
  const send = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/sendContactMessage', headers: { lng: 'es' }, remoteAddress: ip, payload: body });
  const message = { name: 'Ana\r\nBcc: x@evil.example', email: 'ana@example.com', message: 'Hola, ¿cómo descargo mi libro en EPUB?' };

  it('e-mails the operator over SMTP with the visitor as reply-to, only with a solved captcha used once', async () => {
    const refused = await send(message);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'site.captcha_failed',
      error: 'Completa el captcha para demostrarnos que no eres un robot.',
    });
    const captcha = await solution();
    const sent = await send({ ...message, captcha });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(['owner@plume.example']);
    expect(mail.raw).toMatch(/^Reply-To: ana@example\.com/m);
    expect(mail.raw).toMatch(/^Subject: Mensaje de Ana Bcc: x@evil\.example desde el formulario de contacto\r?$/m);
    expect(mail.raw).not.toMatch(/^Bcc:/m);
    expect(mail.raw).toContain('EPUB');
    // a solution counts once
    expect((await send({ ...message, captcha })).json().code).toBe('site.captcha_failed');
    expect(smtp.messages).toHaveLength(1);
    // bad input is a 400, never a 500
    expect((await send({ ...message, email: 'nope', captcha: await solution() })).statusCode).toBe(400);
    expect((await send({ name: '', email: 'a@b.co', message: 'short' })).statusCode).toBe(400);
  });

  it(`is rate limited per address: ${LIMITS.contactPerIp.max} messages an hour`, async () => {
    const ip = '10.0.0.2';
    for (let i = 0; i < LIMITS.contactPerIp.max; i += 1)
      expect((await send({ ...message, captcha: await solution() }, ip)).statusCode).toBe(200);
    const limited = await send({ ...message, captcha: await solution() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await send({ ...message, captcha: await solution() }, '10.0.0.3')).statusCode).toBe(200);
  });

  it('without SMTP, the message is written to the outbox', async () => {
    const offline = await buildTestApp({ OPERATOR_EMAIL: 'owner@plume.example' });
    try {
      const res = await offline.inject({
        method: 'POST',
        url: '/api/sendContactMessage',
        payload: { name: 'Ada', email: 'ada@example.com', message: 'A question about printing.' },
      });
      expect(res.statusCode).toBe(200);
      const files = fs.readdirSync(outboxDir(offline.ctx.config)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const raw = fs.readFileSync(path.join(outboxDir(offline.ctx.config), files[0]!), 'utf8');
      expect(raw).toContain('To: owner@plume.example');
      expect(raw).toContain('A question about printing.');
    } finally {
      await offline.close();
    }
  });
});
