import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { parseWholeNumber, WholeNumberInput, wholeNumberRule } from './whole-number';

function renderForm(onFinish: (values: { lots: number }) => void) {
  render(
    <Form onFinish={onFinish} initialValues={{ lots: 4 }}>
      <Form.Item name="lots" label="Lots" rules={[{ required: true }, wholeNumberRule({ min: 1, max: 100 })]}>
        <WholeNumberInput />
      </Form.Item>
      <Button htmlType="submit">Go</Button>
    </Form>,
  );
}

describe('a whole number staff type', () => {
  it('refuses a decimal with "Must be a whole number" and keeps the text as typed', async () => {
    const onFinish = vi.fn();
    renderForm(onFinish);
    const input = screen.getByLabelText('Lots') as HTMLInputElement;
    expect(input.value).toBe('4');
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByText('Go'));
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    expect(input.value).toBe('2.5');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('sends the number when it is whole and in range', async () => {
    const onFinish = vi.fn();
    renderForm(onFinish);
    const input = screen.getByLabelText('Lots') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '101' } });
    fireEvent.click(screen.getByText('Go'));
    expect(await screen.findByText('From 1 to 100')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' 25 ' } });
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ lots: 25 }));
  });

  it('parses digits only', () => {
    expect(parseWholeNumber('25')).toEqual({ ok: true, value: 25 });
    expect(parseWholeNumber('2.5')).toEqual({ ok: false, reason: 'notWhole' });
    expect(parseWholeNumber('-1')).toEqual({ ok: false, reason: 'negative' });
  });
});
