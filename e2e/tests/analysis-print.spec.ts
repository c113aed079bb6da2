import { expect, loginViaUi, test, userWithScans } from './fixtures';

/**
 * An analysis printed or saved as PDF (to take to a dermatologist): the page alone, without the
 * app's header, footer, floating button or actions, and dark text on white even when the app is
 * in dark mode. What is folded prints folded (the full report repeats the page in words).
 */
test('prints the analysis alone, dark text on white from dark mode', async ({ page, request }) => {
  const { user, analysisId } = await userWithScans(request);
  await page.addInitScript(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed! += 1;
    };
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/analysis/${analysisId}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Your skin, zone by zone' });
  await expect(heading).toBeVisible();

  const report = page.locator('#full-report');
  await expect(report).toBeHidden();
  await page.getByRole('button', { name: 'Print or PDF' }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Quick Scan' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or PDF' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeHidden();
  await expect(page.getByText('Lumiskin skin analysis')).toBeVisible();
  await expect(page.getByText(/not a medical diagnosis/)).toBeVisible();
  await expect(report).toBeHidden();
  await expect(page.getByRole('button', { name: /The full report/ })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Each measure' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overall skin score' })).toBeVisible();

  // The heading's text is dark (the light theme's) on paper, whatever the screen's theme; back
  // on screen it is the dark theme's light text again.
  const luminance = () =>
    heading.evaluate((el) => {
      const [r, g, b] = getComputedStyle(el)
        .color.match(/[\d.]+/g)!
        .map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    });
  // (A change of emulated media reaches the computed styles a moment later: polled.)
  await expect.poll(luminance).toBeLessThan(0.3);
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await expect.poll(luminance).toBeGreaterThan(0.7);
});
