import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { newQueryClient } from '@/test/render';
import { CorrectDialog, RefundDialog, toCorrectRequest, toRefundRequest } from './CorrectionDialogs';

const expense = { ospId: 'e-1', netAmount: 2500 };

function renderDialog(node: React.ReactNode, handler: Parameters<typeof mockFetch>[0] = () => jsonResponse(200, { ospId: 'e-1' })) {
  const { calls } = mockFetch(handler);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose, user: userEvent.setup() };
}

describe('correction payloads', () => {
  it('adds cost as a positive and refunds cost as a negative amount', () => {
    expect(toCorrectRequest('e-1', { direction: 'add', amount: '3.5', remark: ' late fee ' })).toEqual({ ospId: 'e-1', amount: 350, remark: 'late fee' });
    expect(toCorrectRequest('e-1', { direction: 'refund', amount: '3.5', remark: 'x' })).toEqual({ ospId: 'e-1', amount: -350, remark: 'x' });
  });
  it('always sends the refund amount shown, the whole net amount included', () => {
    expect(toRefundRequest(expense, { amount: '25.00', remark: 'r' })).toEqual({ ospId: 'e-1', amount: 2500, remark: 'r' });
    expect(toRefundRequest(expense, { amount: '10', remark: 'r' })).toEqual({ ospId: 'e-1', amount: 1000, remark: 'r' });
  });
});

describe('CorrectDialog and RefundDialog', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts a refund-cost correction', async () => {
    const onClose = vi.fn();
    const { calls, user } = renderDialog(<CorrectDialog expense={expense} opened onClose={onClose} />);
    await user.click(screen.getByText('Refund cost'));
    await user.type(screen.getByLabelText(/^Amount/), '4');
    await user.type(screen.getByLabelText(/^Remark/), 'wrong price');
    await user.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/events/correct'))!.body).toEqual({ ospId: 'e-1', amount: -400, remark: 'wrong price' });
  });

  it('requires a remark for a correction', async () => {
    const { calls, user } = renderDialog(<CorrectDialog expense={expense} opened onClose={() => {}} />);
    await user.type(screen.getByLabelText(/^Amount/), '4');
    await user.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Remark is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('defaults the refund to the net amount and refuses more', async () => {
    const onClose = vi.fn();
    const { calls, user } = renderDialog(<RefundDialog expense={expense} opened onClose={onClose} />);
    const amount = screen.getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe('€ 25.00');
    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(screen.getByLabelText(/^Remark/), 'cancelled trip');
    await user.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('A refund cannot exceed the net amount.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/events/refund'))!.body).toEqual({ ospId: 'e-1', amount: 1000, remark: 'cancelled trip' });
  });

  it('sends the whole net amount it showed when the refund is left as it is', async () => {
    const onClose = vi.fn();
    const { calls, user } = renderDialog(<RefundDialog expense={expense} opened onClose={onClose} />);
    await user.type(screen.getByLabelText(/^Remark/), 'cancelled trip');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/events/refund'))!.body).toEqual({ ospId: 'e-1', amount: 2500, remark: 'cancelled trip' });
  });

  it('retries a refund after a network error with the same Idempotency-Key, and takes a new one after success', async () => {
    let failNext = true;
    const onClose = vi.fn();
    const { calls, user } = renderDialog(<RefundDialog expense={expense} opened onClose={onClose} />, () => {
      if (failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch');
      }
      return jsonResponse(200, { ospId: 'e-1' });
    });
    await user.type(screen.getByLabelText(/^Remark/), 'cancelled trip');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    // the next refund from this dialog is a new submission
    await user.type(screen.getByLabelText(/^Remark/), ' again');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.headers['Idempotency-Key']).toBeTruthy();
    expect(calls[2]!.headers['Idempotency-Key']).not.toBe(keys[0]);
  });

  it('sends an Idempotency-Key with a correction', async () => {
    const onClose = vi.fn();
    const { calls, user } = renderDialog(<CorrectDialog expense={expense} opened onClose={onClose} />);
    await user.type(screen.getByLabelText(/^Amount/), '4');
    await user.type(screen.getByLabelText(/^Remark/), 'late fee');
    await user.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.headers['Idempotency-Key']).toMatch(/^[ -~]{1,255}$/);
  });
});
