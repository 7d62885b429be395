// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn } from '../../../../../server/test/stand-ins/smtp';
import { startApiServer } from '../../../../test/api-server';
import { testI18n } from '../../../../test/i18n';
import { Toasts } from '../../../components/toasts';
import { ContactPage } from './contact-page';

/** The contact form against the real server (no captcha configured) and a real SMTP stand-in. */
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let api: Awaited<ReturnType<typeof startApiServer>>;
let es: i18n;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  api = await startApiServer({ SMTP_URL: smtp.url, OPERATOR_EMAIL: 'owner@plume.example', CAPTCHA_PROVIDER: 'none' });
  es = await testI18n('es', ['site']);
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
afterEach(cleanup);

function renderPage(children: ReactNode = <ContactPage />) {
  render(
    <I18nextProvider i18n={es}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/es/contact']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
const t = (key: string) => es.t(key, { ns: 'site' });

describe('ContactPage (the shared ContactMessageBodySchema through useSchemaForm)', () => {
  it('shows each field’s translated error, the first also in a toast, and sends nothing while a field is wrong', async () => {
    renderPage(
      <>
        <Toasts />
        <ContactPage />
      </>,
    );
    fireEvent.change(screen.getByLabelText(t('contact.email')), { target: { value: 'lucia.example.com' } });
    fireEvent.change(screen.getByLabelText(t('contact.message')), { target: { value: 'Hola' } });
    fireEvent.click(screen.getByRole('button', { name: t('contact.send') }));
    expect(await screen.findByText(t('errors.name'))).toBeTruthy();
    expect(screen.getByText(t('errors.email'))).toBeTruthy();
    expect(screen.getByText(t('errors.message'))).toBeTruthy();
    expect(screen.getByLabelText(t('contact.name')).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(t('contact.name'))));
    expect(smtp.messages).toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.Toastify__toast')?.textContent).toContain(t('errors.name')));

    // typing a valid value takes that field's error away
    fireEvent.change(screen.getByLabelText(t('contact.name')), { target: { value: 'Lucía Gómez' } });
    // (the toast may still be on screen: the field's own error is what goes)
    await waitFor(() => expect(screen.getByLabelText(t('contact.name')).getAttribute('aria-invalid')).not.toBe('true'));
    expect(screen.getAllByText(t('errors.name')).every((node) => node.closest('.Toastify__toast'))).toBe(true);
    expect(screen.getByText(t('errors.email'))).toBeTruthy();
  });

  it('sends a valid message through sendContactMessage: the operator receives it', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(t('contact.name')), { target: { value: '  Lucía Gómez ' } });
    fireEvent.change(screen.getByLabelText(t('contact.email')), { target: { value: 'lucia@example.com' } });
    fireEvent.change(screen.getByLabelText(t('contact.message')), { target: { value: '¿Puedo imprimir mi libro en tapa dura?' } });
    fireEvent.click(screen.getByRole('button', { name: t('contact.send') }));
    expect((await screen.findByTestId('contact-sent', {}, { timeout: 10_000 })).textContent).toContain(t('contact.sent'));
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['owner@plume.example']);
    expect(smtp.messages[0]!.raw).toMatch(/^Reply-To: lucia@example\.com/m);
    expect(smtp.messages[0]!.raw).toContain('tapa dura');
  });
});
