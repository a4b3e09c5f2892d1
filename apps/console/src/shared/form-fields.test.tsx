import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { UserIdField } from './form-fields';

function renderForm(userId: string | undefined, onFinish: (values: { userId: string }) => void) {
  render(
    <Form onFinish={onFinish}>
      <UserIdField userId={userId} />
      <button type="submit">Go</button>
    </Form>,
  );
}

describe('the user a form acts on', () => {
  it('is the page’s user, sent without a field to type it', async () => {
    const onFinish = vi.fn();
    renderForm('42', onFinish);
    expect(screen.queryByLabelText('User ID')).toBeNull();
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ userId: '42' }));
  });

  it('is typed in where the form stands alone', async () => {
    const onFinish = vi.fn();
    renderForm(undefined, onFinish);
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: ' 7 ' } });
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ userId: '7' }));
  });
});
