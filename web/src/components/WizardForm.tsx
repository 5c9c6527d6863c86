import { Button, Card, Group, Stack, Stepper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface WizardStep {
  /** Names the step: its test id is `step-{key}`. */
  key: string;
  label: string;
  content: ReactNode;
}

interface Props {
  title: string;
  steps: readonly WizardStep[];
  active: number;
  onActiveChange: (index: number) => void;
  /** Enter or the next button: check the step, then go on or submit on the last one. */
  onNext: () => Promise<void>;
  busy: boolean;
  labels: { cancel: string; back: string; next: string; submit: string };
}

/**
 * The frame of a multi-step add page (app user, partner, corporate
 * account): a titled card with a stepper whose finished steps can be
 * revisited, and back/cancel and next/submit buttons. The page keeps its
 * form, its step checks and what submitting does.
 */
export function WizardForm({ title, steps, active, onActiveChange, onNext, busy, labels }: Props) {
  const navigate = useNavigate();
  const last = active === steps.length - 1;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{title}</Title>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onNext();
          }}
        >
          <Stepper active={active} onStepClick={(index) => index < active && onActiveChange(index)} allowNextStepsSelect={false}>
            {steps.map((step) => (
              <Stepper.Step key={step.key} label={step.label} data-testid={`step-${step.key}`}>
                {step.content}
              </Stepper.Step>
            ))}
          </Stepper>
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => (active === 0 ? navigate(-1) : onActiveChange(active - 1))}>
              {active === 0 ? labels.cancel : labels.back}
            </Button>
            <Button type="submit" loading={busy} data-testid="wizard-next">
              {last ? labels.submit : labels.next}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}
