import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';

test.describe('notifications', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a routine reminder due now appears in the bell, opens its place and can be marked read', async ({
    page,
    request,
  }) => {
    const user = newUser();
    const { access_token } = await registerViaApi(request, user);
    const headers = { authorization: `Bearer ${access_token}` };
    // Morning reminders at this very minute (UTC, the account's zone), and a step to be reminded of.
    const now = new Date();
    const time = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    const patch = await request.patch('/api/users/me', {
      headers,
      data: { timezone: 'UTC', settings: { morning_reminder_time: time } },
    });
    expect(patch.status(), await patch.text()).toBe(200);
    // A step's name is the person's own, up to 120 characters: a long word must wrap in the bell.
    const step = 'Gentlecleanserwithceramidesandpanthenolforverysensitiveskin';
    const add = await request.post('/api/routine/products', {
      headers,
      data: {
        name: step,
        type: 'cleanser',
        purpose: 'Cleanse',
        application_time: 'morning',
      },
    });
    expect(add.status()).toBe(201);
    // The server's scheduler (every 3 s here) creates it.
    await expect
      .poll(
        async () =>
          (
            (await (await request.get('/api/notifications/unread-count', { headers })).json()) as {
              unread: number;
            }
          ).unread,
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.setViewportSize({ width: 320, height: 740 });
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: /Your morning routine \(unread\)/ });
    await expect(item).toContainText(`1 step, starting with ${step}.`);
    // On a phone the text wraps inside the list: nothing to scroll sideways, nothing cut off.
    const fit = await page.getByRole('list', { name: 'Notifications' }).evaluate((list) => ({
      scroll: list.scrollWidth,
      client: list.clientWidth,
      right: list.getBoundingClientRect().right,
    }));
    expect(fit.scroll, 'the list scrolls sideways').toBeLessThanOrEqual(fit.client);
    expect(fit.right, 'the list ends inside the window').toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
    // From another page, the notification opens its place. (The popover's Escape listener is
    // attached in an effect just after its content renders: press again until it has closed.)
    const panel = page.getByRole('list', { name: 'Notifications' });
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Learn & Glow' }).first().click();
    await expect(page).toHaveURL(/\/learn$/);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('button', { name: /Your morning routine/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    const list = (await (await request.get('/api/notifications', { headers })).json()) as {
      notifications: { read_at: string | null }[];
    };
    expect(list.notifications[0]?.read_at).not.toBeNull();
  });
});
