import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { UploadFlow } from './UploadFlow';

interface Report {
  uploadId: string;
  ok: boolean;
  note: string;
}

const labels = {
  steps: { upload: 'Upload', validate: 'Check', process: 'Process' },
  file: 'File',
  filePlaceholder: 'Choose a CSV',
  upload: 'Send',
  process: 'Book it',
  fixFirst: 'Fix the file first',
};
const testIds = { file: 'f-file', upload: 'f-upload', process: 'f-process', result: 'f-result' };

/** The flow over fake calls that record what they were given. */
function Flow({ report, calls }: { report: Report; calls: { upload: unknown[]; validate: string[]; process: string[] } }) {
  const upload = useMutation({
    mutationFn: async (vars: { file: File; company: string }) => {
      calls.upload.push(vars);
      return { uploadId: 'up-1' };
    },
  });
  const validate = useMutation({
    mutationFn: async (uploadId: string) => {
      calls.validate.push(uploadId);
      return report;
    },
  });
  const process = useMutation({
    mutationFn: async (uploadId: string) => {
      calls.process.push(uploadId);
      return { booked: 3 };
    },
  });
  return (
    <UploadFlow
      upload={upload}
      validate={validate}
      process={process}
      variables={(file: File) => ({ file, company: 'ca-1' })}
      intro={<p>What the file holds</p>}
      accept=".csv"
      labels={labels}
      testIds={testIds}
      isValid={(r) => r.ok}
      renderReport={(r) => <p data-testid="the-report">{r.note}</p>}
      renderResult={(r) => <p>{`${r.booked} booked`}</p>}
    />
  );
}

function setup(report: Report) {
  const calls = { upload: [] as unknown[], validate: [] as string[], process: [] as string[] };
  const view = renderRoutes([{ path: '/', element: <Flow report={report} calls={calls} /> }], '/');
  return { ...view, calls, user: userEvent.setup() };
}

async function chooseAndSend(user: ReturnType<typeof userEvent.setup>, container: HTMLElement, name = 'lines.csv') {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['a;b\n'], name, { type: 'text/csv' }));
  await user.click(screen.getByTestId('f-upload'));
}

describe('UploadFlow', { timeout: 30_000 }, () => {
  it('uploads the chosen file, checks it at once, processes it and shows the result instead of the report', async () => {
    const { user, container, calls } = setup({ uploadId: 'up-1', ok: true, note: 'all 3 lines fine' });
    expect(screen.getByText('What the file holds')).toBeInTheDocument();
    expect(screen.getByTestId('f-upload')).toBeDisabled();
    await chooseAndSend(user, container);

    expect(await screen.findByTestId('the-report')).toHaveTextContent('all 3 lines fine');
    expect(calls.upload).toHaveLength(1);
    const sent = calls.upload[0] as { file: File; company: string };
    expect([sent.file.name, sent.company]).toEqual(['lines.csv', 'ca-1']);
    expect(calls.validate).toEqual(['up-1']);
    expect(screen.queryByText('Fix the file first')).toBeNull();

    await user.click(screen.getByTestId('f-process'));
    expect(await screen.findByTestId('f-result')).toHaveTextContent('3 booked');
    expect(calls.process).toEqual(['up-1']);
    expect(screen.queryByTestId('the-report')).toBeNull();
    expect(screen.queryByTestId('f-process')).toBeNull();
  });

  it('keeps process disabled for an invalid file, and starts over when another file is chosen', async () => {
    const { user, container, calls } = setup({ uploadId: 'up-1', ok: false, note: '2 errors' });
    await chooseAndSend(user, container);
    expect(await screen.findByTestId('the-report')).toHaveTextContent('2 errors');
    expect(screen.getByTestId('f-process')).toBeDisabled();
    expect(screen.getByText('Fix the file first')).toBeInTheDocument();

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['c\n'], 'fixed.csv', { type: 'text/csv' }));
    expect(screen.queryByTestId('the-report')).toBeNull();
    expect(calls.process).toEqual([]);
  });
});
