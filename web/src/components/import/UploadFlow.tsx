import { Button, Card, FileInput, Group, Stack, Stepper, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** The texts of an upload flow, in the caller's namespace. */
export interface UploadFlowLabels {
  steps: { upload: string; validate: string; process: string };
  file: string;
  filePlaceholder: string;
  upload: string;
  process: string;
  /** Beside the disabled process button of an invalid file. */
  fixFirst: string;
}

/** The test ids the e2e specs and unit tests of each import find the flow by. */
export interface UploadFlowTestIds {
  file: string;
  upload: string;
  process: string;
  result: string;
}

export interface UploadFlowProps<Variables, Report extends { uploadId: string }, Result> {
  /** Stores the file; answers its upload id. */
  upload: UseMutationResult<{ uploadId: string }, Error, Variables>;
  /** Checks every line of an upload; changes nothing. */
  validate: UseMutationResult<Report, Error, string>;
  /** Writes a valid upload, once. */
  process: UseMutationResult<Result, Error, string>;
  /** The upload call's variables for the chosen file (kind, company, …). */
  variables: (file: File) => Variables;
  /** Above the steps: what the file holds, a template button. */
  intro: ReactNode;
  accept: string;
  labels: UploadFlowLabels;
  testIds: UploadFlowTestIds;
  /** Whether the check allows processing. */
  isValid: (report: Report) => boolean;
  /** Whether processing finished the flow (the stepper's last step); by default any answer does. */
  isDone?: (result: Result) => boolean;
  renderReport: (report: Report) => ReactNode;
  renderResult: (result: Result) => ReactNode;
}

/**
 * An import's upload → check report → process → result (the provider
 * files, vouchers and Cambio, trip registrations): the check runs straight
 * after the upload since it changes nothing; process is offered only for a
 * valid file, and its result replaces the report. Choosing another file
 * starts over. The feature brings its calls, texts and report views.
 */
export function UploadFlow<Variables, Report extends { uploadId: string }, Result>(props: UploadFlowProps<Variables, Report, Result>) {
  const { upload, validate, process, labels, testIds } = props;
  const [file, setFile] = useState<File | null>(null);
  const reset = () => {
    upload.reset();
    validate.reset();
    process.reset();
  };
  const report = validate.data;
  const result = process.data;
  const done = result !== undefined && (props.isDone?.(result) ?? true);
  const step = done ? 3 : report ? 2 : upload.data ? 1 : 0;
  const valid = report !== undefined && props.isValid(report);

  const uploadAndValidate = () => {
    if (!file) return;
    reset();
    upload.mutate(props.variables(file), { onSuccess: (stored) => validate.mutate(stored.uploadId) });
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          {props.intro}
          <Stepper active={step} size="sm">
            <Stepper.Step label={labels.steps.upload} loading={upload.isPending} />
            <Stepper.Step label={labels.steps.validate} loading={validate.isPending} />
            <Stepper.Step label={labels.steps.process} loading={process.isPending} />
          </Stepper>
          <Group align="flex-end">
            <FileInput
              label={labels.file}
              placeholder={labels.filePlaceholder}
              accept={props.accept}
              value={file}
              onChange={(next) => {
                setFile(next);
                reset();
              }}
              clearable
              w={360}
              data-testid={testIds.file}
            />
            <Button onClick={uploadAndValidate} disabled={!file} loading={upload.isPending || validate.isPending} data-testid={testIds.upload}>
              {labels.upload}
            </Button>
          </Group>
        </Stack>
      </Card>

      {report && result === undefined && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            {props.renderReport(report)}
            <Group>
              <Button onClick={() => process.mutate(report.uploadId)} disabled={!valid} loading={process.isPending} data-testid={testIds.process}>
                {labels.process}
              </Button>
              {!valid && (
                <Text size="sm" c="dimmed">
                  {labels.fixFirst}
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      )}
      {result !== undefined && (
        <Card withBorder padding="lg" data-testid={testIds.result}>
          {props.renderResult(result)}
        </Card>
      )}
    </Stack>
  );
}
