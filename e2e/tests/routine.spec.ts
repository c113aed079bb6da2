import type { Page } from '@playwright/test';
import { expect, signedInNewUser, test, tokenOf } from './fixtures';

async function addProduct(page: Page, name: string, purpose: string) {
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('What it is for').fill(purpose);
  await dialog.getByRole('radio', { name: 'Evening' }).check();
  await dialog.getByRole('button', { name: 'Add to routine' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('routine safety', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a retinal and a salicylic acid on one evening: a warning, a one-click split, then an undoable removal', async ({
    page,
    request,
  }) => {
    const user = await signedInNewUser(page, request);

    await addProduct(page, 'Retinal 0.1% serum', 'Fine lines');
    await expect(page.getByTestId('routine-conflict')).toHaveCount(0);
    await addProduct(page, 'Salicylic acid toner', 'Blackheads');

    const warning = page.getByTestId('routine-conflict');
    await expect(warning).toContainText('Retinal 0.1% serum (a retinoid)');
    await expect(warning).toContainText('Salicylic acid toner (an exfoliating acid)');
    await warning.getByRole('button', { name: /on Mon, Wed and Fri evenings/ }).click();
    await expect(page.getByTestId('routine-conflict')).toHaveCount(0);
    const evening = page.getByRole('region', { name: 'Evening routine' });
    await expect(evening).toContainText('Mon, Wed, Fri');
    await expect(evening).toContainText('Tue, Thu, Sat, Sun');
    // The split is the server's: it holds after a reload.
    await page.reload();
    await expect(evening).toContainText('Mon, Wed, Fri');
    await expect(page.getByTestId('routine-conflict')).toHaveCount(0);

    // Checking off the evening counts the day.
    const summary = page.getByTestId('routine-summary');
    await expect(summary).toContainText('Mark a routine done to start');
    await evening.getByRole('button', { name: 'Mark evening done' }).click();
    await expect(summary).toContainText('100%');
    await expect(summary).toContainText('1 of 1 day followed');

    // Remove, undo: it stays.
    await evening.getByRole('button', { name: 'Remove Salicylic acid toner' }).click();
    await expect(evening).not.toContainText('Salicylic acid toner');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(evening).toContainText('Salicylic acid toner');
    await page.waitForTimeout(6_000);
    await page.reload();
    await expect(evening).toContainText('Salicylic acid toner');

    // Remove and let the undo time pass: a reload keeps it removed.
    await evening.getByRole('button', { name: 'Remove Salicylic acid toner' }).click();
    await expect(page.getByRole('region', { name: 'Routine History' })).toContainText(
      'Removed Salicylic acid toner',
      { timeout: 15_000 },
    );
    await page.reload();
    await expect(evening).toContainText('Retinal 0.1% serum');
    await expect(evening).not.toContainText('Salicylic acid toner');

    // Remove and close the tab within the undo time: the server has it without a next visit.
    await evening.getByRole('button', { name: 'Remove Retinal 0.1% serum' }).click();
    await expect(evening).not.toContainText('Retinal 0.1% serum');
    await page.close({ runBeforeUnload: true });
    const headers = await tokenOf(request, user);
    await expect
      .poll(async () => {
        const routine = (await (await request.get('/api/routine', { headers })).json()) as {
          evening: { name: string }[];
        };
        return routine.evening.map((p) => p.name);
      })
      .toEqual([]);
  });
});

test('a step named with one long word reads whole on a phone, in the card and in its removal’s toast', async ({
  page,
  request,
}) => {
  // The name is the person's own (up to 120 characters); the toast cut it off at 320 px.
  const name = 'Hyaluronicacidniacinamideceramidespanthenolsqualaneserum';
  await signedInNewUser(page, request);
  await page.setViewportSize({ width: 320, height: 740 });
  await addProduct(page, name, 'Hydration');
  const evening = page.getByRole('region', { name: 'Evening routine' });
  await expect(evening).toContainText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);

  await evening.getByRole('button', { name: `Remove ${name}` }).click();
  const said = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByText(`${name} removed from your routine.`);
  await expect(said).toBeVisible();
  const box = await said.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(box.scroll, 'the toast cuts the name off').toBeLessThanOrEqual(box.client);
  expect(box.right, 'the toast ends inside the window').toBeLessThanOrEqual(320);
});
