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
    // Its place is the dashboard's routine, brought to the top below the header.
    await expect(page).toHaveURL(/\/dashboard#routine$/);
    const routine = page.locator('#routine');
    await expect(routine).toContainText(step);
    const belowHeader = () =>
      routine.evaluate((card) => {
        const header = document.querySelector('header')!.getBoundingClientRect().bottom;
        return Math.abs(card.getBoundingClientRect().top - header);
      });
    await expect.poll(belowHeader).toBeLessThanOrEqual(1);
    // The keyboard's place follows (it went back to the bell as the panel closed).
    await expect(routine).toBeFocused();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    const list = (await (await request.get('/api/notifications', { headers })).json()) as {
      notifications: { read_at: string | null }[];
    };
    expect(list.notifications[0]?.read_at).not.toBeNull();
  });
  test('on a phone held sideways the bell’s panel fits the window and its last notification can be reached', async ({
    page,
    request,
  }) => {
    const user = newUser();
    await registerViaApi(request, user);
    // Each sign-in from a new kind of device leaves a notification in the bell.
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
    ];
    for (const agent of agents) {
      const res = await request.post('/api/auth/login', {
        headers: { 'user-agent': agent },
        data: { email: user.email, password: user.password },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.setViewportSize({ width: 667, height: 375 });
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    // (Two of these may read as one kind of device: three notifications already overfill it.)
    await expect
      .poll(() => list.getByRole('listitem').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    const panel = page.locator('[data-slot="popover-content"]');
    const box = await panel.boundingBox();
    expect(box && box.y + box.height, 'the panel ends inside the window').toBeLessThanOrEqual(375);
    // Scrolled to its end, the list shows its last notification whole inside the window.
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = await list.getByRole('listitem').last().boundingBox();
    expect(
      last && last.y + last.height,
      'the last notification is out of reach',
    ).toBeLessThanOrEqual(375);
  });
});
