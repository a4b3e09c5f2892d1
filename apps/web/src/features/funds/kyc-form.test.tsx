import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { KycForm } from './kyc-form';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const TEXT = {
  en: {
    name: 'Full name',
    idNumber: 'ID number',
    front: 'Front of ID',
    back: 'Back of ID',
    submit: 'Submit for verification',
    nameRequired: 'Enter your name as on your ID',
    idRequired: 'Enter your ID number',
    frontRequired: 'Upload the front of your ID',
    backRequired: 'Upload the back of your ID',
    panInvalid: 'Enter a valid PAN, like ABCDE1234F',
  },
  hi: {
    name: 'पूरा नाम',
    idNumber: 'पहचान संख्या',
    front: 'पहचान पत्र का आगे का भाग',
    back: 'पहचान पत्र का पीछे का भाग',
    submit: 'सत्यापन के लिए भेजें',
    nameRequired: 'पहचान पत्र के अनुसार अपना नाम दर्ज करें',
    idRequired: 'अपना पहचान संख्या दर्ज करें',
    frontRequired: 'पहचान पत्र का आगे का भाग अपलोड करें',
    backRequired: 'पहचान पत्र का पीछे का भाग अपलोड करें',
    panInvalid: 'मान्य PAN दर्ज करें, जैसे ABCDE1234F',
  },
} as const;

describe.each(['en', 'hi'] as const)('KycForm in %s', (language) => {
  const text = TEXT[language];

  it('refuses an empty form field by field without calling the server', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<KycForm onSubmitted={() => undefined} />, { language });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.nameRequired)).toBeTruthy();
    expect(screen.getByText(text.idRequired)).toBeTruthy();
    expect(screen.getByText(text.frontRequired)).toBeTruthy();
    expect(screen.getByText(text.backRequired)).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a PAN in the wrong format', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    await renderWithApp(<KycForm onSubmitted={() => undefined} />, { language });
    fireEvent.change(screen.getByLabelText(text.idNumber), { target: { value: 'ABCD12345' } });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.panInvalid)).toBeTruthy();
  });
});

describe('KycForm submission', () => {
  function photo(name: string) {
    return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
  }

  it('uploads both photos first, submits once with their ids, and shows the server refusal', async () => {
    let uploads = 0;
    const fetchStub = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.includes('upload/file')) {
        uploads += 1;
        return jsonResponse({
          status: 1,
          data: { uploadId: `${'a'.repeat(31)}${uploads}`, contentType: 'image/jpeg', size: 4 },
        });
      }
      return jsonResponse({
        status: 0,
        code: 'ID_NUMBER_IN_USE',
        msg: 'This ID number is already used by another account',
        data: null,
      });
    });
    vi.stubGlobal('fetch', fetchStub);
    const onSubmitted = vi.fn();
    await renderWithApp(<KycForm onSubmitted={onSubmitted} />);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Asha   Rao ' } });
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: 'abcde1234f' } });
    fireEvent.change(screen.getByLabelText('Front of ID'), { target: { files: [photo('front.jpg')] } });
    fireEvent.change(screen.getByLabelText('Back of ID'), { target: { files: [photo('back.jpg')] } });
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(String(fetchStub.mock.calls[0]?.[0])).toContain('/api/vue/upload/file?purpose=kyc');

    const submit = screen.getByRole('button', { name: 'Submit for verification' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This ID number is already used by another account',
    );
    const submits = fetchStub.mock.calls.filter(([url]) => String(url).includes('user/authSubmit'));
    expect(submits).toHaveLength(1);
    expect(JSON.parse(String(submits[0]?.[1]?.body))).toEqual({
      realName: 'Asha Rao',
      idType: 'pan',
      idNumber: 'ABCDE1234F',
      frontImage: `${'a'.repeat(31)}1`,
      backImage: `${'a'.repeat(31)}2`,
    });
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('shows an upload refused by the server under its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({
          status: 0,
          code: 'UPLOAD_TYPE_NOT_ALLOWED',
          msg: 'Only JPEG, PNG or WebP images',
          data: null,
        }),
      ),
    );
    await renderWithApp(<KycForm onSubmitted={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Front of ID'), { target: { files: [photo('front.jpg')] } });
    expect(await screen.findByText('Only JPEG, PNG or WebP images')).toBeTruthy();
  });
});
