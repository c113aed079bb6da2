// @ts-check
/**
 * A DevTools session on the engine's worker (browser-engine-phases.mjs, browser-engine-cold-profile.mjs).
 */
/**
 * A DevTools session on the engine's worker through the browser's own session (the page's session
 * cannot address a worker): attached in the non-flat mode, so its messages travel inside
 * Target.sendMessageToTarget / Target.receivedMessageFromTarget.
 */
export async function workerSession(browserSession, seen, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { targetInfos } = await browserSession.send('Target.getTargets');
    const worker = targetInfos.find(
      (t) => t.type === 'worker' && t.url.includes('engine.worker') && !seen.has(t.targetId),
    );
    if (worker) {
      seen.add(worker.targetId);
      const { sessionId } = await browserSession.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      });
      let nextId = 1;
      /** @type {Map<number, (value: any) => void>} */
      const waiting = new Map();
      browserSession.on('Target.receivedMessageFromTarget', (event) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message);
        const resolve = waiting.get(message.id);
        if (resolve) {
          waiting.delete(message.id);
          resolve(message.result ?? message.error);
        }
      });
      return {
        /** @param {string} method @param {object} [params] */
        send(method, params = {}) {
          const id = nextId++;
          const answer = new Promise((resolve) => waiting.set(id, resolve));
          void browserSession.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          });
          return answer;
        },
      };
    }
    if (Date.now() > deadline)
      throw new Error(
        `no worker target appeared: ${JSON.stringify(targetInfos.map((t) => t.type))}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}
