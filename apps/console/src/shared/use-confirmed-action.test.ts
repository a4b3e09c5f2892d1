import { describe, expect, it, vi } from 'vitest';
import { confirmDialogProps } from './use-confirmed-action';

describe('the confirmation dialog of a confirmed action', () => {
  it('is open while values wait for confirmation, and confirms or cancels the action', () => {
    const action = { pendingValues: { reason: 'x' }, running: true, confirm: vi.fn(), cancel: vi.fn() };
    const props = confirmDialogProps(action);
    expect(props).toMatchObject({ open: true, running: true });
    props.onConfirm();
    props.onCancel();
    expect(action.confirm).toHaveBeenCalledOnce();
    expect(action.cancel).toHaveBeenCalledOnce();
  });

  it('is closed when nothing is asked', () => {
    const props = confirmDialogProps({ pendingValues: null, running: false, confirm() {}, cancel() {} });
    expect(props.open).toBe(false);
  });
});
