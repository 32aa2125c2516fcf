import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { SignupForm } from './signup-form';

beforeAll(() => inLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const signUpApi = () =>
  stubFetch((call) =>
    call.url === '/api/auth/sign-up/email' ? Response.json({ token: null, user: { id: 'u1' } }) : undefined,
  );

async function fillIn() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'lan@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long enough passphrase' } });
}

describe('the sign-up form’s consents', () => {
  it('shows the required part apart from the optional boxes, none of them ticked', () => {
    signUpApi();
    renderInApp(<SignupForm returnTo={null} />);
    expect(screen.getByText(/Creating an account means accepting the Terms of use/)).toBeTruthy();
    const boxes = [
      screen.getByRole('checkbox', { name: 'Send me news and offers from Flowbay' }),
      screen.getByRole('checkbox', { name: 'E-mail me when a workflow I own gets a new version' }),
      screen.getByRole('checkbox', { name: 'E-mail me when an author I follow lists a new workflow' }),
    ];
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false]);
  });

  it('sends no purpose when nothing is ticked', async () => {
    const calls = signUpApi();
    renderInApp(<SignupForm returnTo={null} />);
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/sign-up/email')).toBe(true));
    expect(calls.find((call) => call.url === '/api/auth/sign-up/email')!.body).toMatchObject({
      consents: [],
    });
  });

  it('sends exactly the purposes ticked', async () => {
    const calls = signUpApi();
    renderInApp(<SignupForm returnTo={null} />);
    await fillIn();
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'E-mail me when an author I follow lists a new workflow' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/sign-up/email')).toBe(true));
    expect(calls.find((call) => call.url === '/api/auth/sign-up/email')!.body).toMatchObject({
      email: 'lan@example.test',
      consents: ['new_listing'],
    });
  });

  it('in Vietnamese, the boxes speak Vietnamese and are unticked', async () => {
    await inLanguage('vi');
    signUpApi();
    renderInApp(<SignupForm returnTo={null} />);
    const box = screen.getByRole('checkbox', { name: 'Gửi cho tôi tin tức và ưu đãi từ Flowbay' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await inLanguage('en');
  });
});
