import type { Page } from 'playwright-core';

/** What a record's stepper (renderer/src/lifecycle/Stepper.tsx) shows of one state: where it stands, and who moved the record there and when. */
export interface ShownStep {
  step: string | null;
  moved: string | null;
}

/** The record's stepper as shown, by state: each state's place (done, skipped, current, upcoming) and its "day, person" line. */
export async function stepperOf(page: Page): Promise<Record<string, ShownStep>> {
  const stepper = page.getByTestId('stepper');
  await stepper.waitFor();
  return stepper.evaluate((ol) =>
    Object.fromEntries(
      [...ol.querySelectorAll('li')].map((li) => [
        li.getAttribute('data-state'),
        {
          step: li.getAttribute('data-step'),
          moved: li.querySelector('[data-testid=step-moved]')?.textContent ?? null,
        },
      ]),
    ),
  );
}
