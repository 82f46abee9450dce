import type { Page } from 'playwright-core';

/** What a record's stepper (renderer/src/lifecycle/Stepper.tsx) shows of one state: where it stands, and who moved the record there and when. */
export interface ShownStep {
  step: string | null;
  moved: string | null;
  /** for a state reached before and left by a step back: how it was left ("left by “Return”") */
  left?: string;
  /** whether it is drawn as one of the alternative outcomes of a decision, beside the others */
  alternative?: true;
}

/** The record's stepper as shown, by state: each state's place (done, skipped, current, upcoming, earlier, notTaken) and its "day, person" line. */
export async function stepperOf(page: Page): Promise<Record<string, ShownStep>> {
  const stepper = page.getByTestId('stepper');
  await stepper.waitFor();
  return stepper.evaluate((ol) =>
    Object.fromEntries(
      [...ol.querySelectorAll('.step')].map((el) => [
        el.getAttribute('data-state'),
        {
          step: el.getAttribute('data-step'),
          moved: el.querySelector('[data-testid=step-moved]')?.textContent ?? null,
          // only where they apply, so that a test comparing the whole stepper need not name them
          left: el.querySelector('[data-testid=step-left]')?.textContent ?? undefined,
          alternative: el.closest('[data-testid=step-alternatives]') ? (true as const) : undefined,
        },
      ]),
    ),
  );
}
