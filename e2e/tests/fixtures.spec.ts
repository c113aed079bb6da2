import { expect, newUser, registerViaApi, test, type TestUser } from './fixtures';

// Serial on purpose: the second test checks what the fixture left behind after the first.
test.describe.serial('the test fixture', () => {
  let registered: TestUser | undefined;

  test('a test registers a user', async ({ request }) => {
    registered = newUser();
    await registerViaApi(request, registered);
  });

  test("deleted the first test's user once it ended", async ({ request }) => {
    expect(registered).toBeDefined();
    const login = await request.post('/api/auth/login', {
      data: { email: registered?.email, password: registered?.password },
    });
    expect(login.status(), await login.text()).toBe(401);
  });
});
