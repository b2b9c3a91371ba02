// Injected into every page of the render benchmark before the page's own scripts
// (page.addInitScript). Plain JavaScript on purpose: it is sent as text, so nothing a TypeScript
// loader adds (helpers such as __name) can leak into the page. Every time is performance.now().
// Its API is window.__bench; the benchmark reads it with page.evaluate.
(() => {
  const STREAM_PATH = '/app-api/backend-api/getStream';
  const MESSAGES = '[data-testid="messages"]';
  const ANSWER = '[data-testid="message-assistant"]';
  const COMPOSER = '[data-testid="composer-input"]';
  /** The conversation's read: its branch (getConversationBranch) or, before issue 23, its whole tree (getConversations). */
  const CONVERSATION_READ = /\/app-api\/backend-api\/getConversation(s|Branch)\?/;
  /** sessionStorage key: set before a reload, the closing sentence the reloaded page waits for. */
  const RELOAD_WATCH_KEY = 'bench:reload-watch';
  const MARKDOWN = '[data-testid="markdown"]';
  const STOP = '[data-testid="stop"]';
  const FIRST_CONTENT_MARK = 'bench:first-content';

  const state = {
    /** Arrival of every SSE event that carries answer text (type normal, non-empty delta). */
    contentTimes: [],
    firstContentMark: null,
    streamEndedAt: null,
    longTasks: [],
    render: null,
    open: null,
    openVisible: null,
    /** How the (first) getStream exchange ended: see `stream` below. */
    stream: { answerCompleteAt: null, followUpAt: null, doneAt: null, bodyEnd: null, bodyEndAt: null, abortedAt: null },
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });

  // ---- stream chunks: the getStream body is read through a stamping stream on its way to the app
  let streamEnded;
  const streamEnd = new Promise((resolve) => (streamEnded = resolve));
  const endStream = () => {
    state.streamEndedAt ??= performance.now();
    streamEnded();
  };
  const stamper = () => {
    const decoder = new TextDecoder();
    let pending = '';
    return (bytes) => {
      pending += decoder.decode(bytes, { stream: true });
      const events = pending.split('\n\n');
      pending = events.pop();
      for (const event of events) {
        const lines = event.split('\n');
        const now = performance.now();
        if (lines.some((line) => line.trim() === 'event: done')) {
          state.stream.doneAt ??= now;
          continue;
        }
        const data = lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        let chunk;
        try {
          chunk = JSON.parse(data);
        } catch {
          continue;
        }
        if (chunk?.type === 'follow_up') state.stream.followUpAt ??= now;
        // The chunk that completes the answer: marked answerComplete, or (before that mark existed) the one with the title.
        if (chunk?.code === 0 && (chunk.answerComplete === true || typeof chunk.title === 'string')) state.stream.answerCompleteAt ??= now;
        if (chunk?.type !== 'normal' || !chunk.choices?.[0]?.delta?.content) continue;
        if (state.contentTimes.length === 0) state.firstContentMark = performance.mark(FIRST_CONTENT_MARK).startTime;
        state.contentTimes.push(now);
      }
    };
  };
  const originalFetch = window.fetch;
  window.fetch = async function benchFetch(input, init) {
    const response = await originalFetch.call(this, input, init);
    const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
    if (!url.includes(STREAM_PATH) || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return response;
    const reader = response.body.getReader();
    const stamp = stamper();
    const bodyEnded = (kind) => {
      if (state.stream.bodyEnd === null) {
        state.stream.bodyEnd = kind;
        state.stream.bodyEndAt = performance.now();
      }
      endStream();
    };
    // Whether the app aborted the request rather than reading it to its end. It reads no more then:
    // what is left shows whether the body had already ended (nothing cut) or was cut (ERR_ABORTED).
    init?.signal?.addEventListener(
      'abort',
      async () => {
        state.stream.abortedAt ??= performance.now();
        try {
          while (!(await reader.read()).done);
          bodyEnded('ended');
        } catch {
          bodyEnded('failed');
        }
      },
      { once: true },
    );
    // The stream ends when the body does (the server closed it), fails (an abort), or the app cancels its reader.
    // No read-ahead (highWaterMark 0): the network body is read only as the app reads, so an app
    // that aborts after `done` cuts the response as it would without this wrapper.
    const stamped = new ReadableStream({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            bodyEnded('ended');
            controller.close();
            return;
          }
          stamp(value);
          controller.enqueue(value);
        } catch (error) {
          bodyEnded('failed');
          controller.error(error);
        }
      },
      cancel(reason) {
        bodyEnded('cancelled');
        return reader.cancel(reason);
      },
    }, { highWaterMark: 0 });
    return new Response(stamped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  // ---- helpers
  const messagesBox = () => document.querySelector(MESSAGES);
  const elementOf = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
  /** The mutation changed what an answer's markdown shows: inside it, or adding / removing one. */
  const touchesAnswer = (record) => {
    if (elementOf(record.target)?.closest(MARKDOWN)) return true;
    for (const node of [...record.addedNodes, ...record.removedNodes]) {
      if (node.nodeType === Node.ELEMENT_NODE && (node.matches(MARKDOWN) || node.querySelector(MARKDOWN))) return true;
    }
    return false;
  };
  const inside = (node, box) => !!box && box.contains(node.nodeType === Node.ELEMENT_NODE ? node : node.parentNode);

  /** Where `text` is drawn inside `root`: the rectangle of that exact text, or null when it is not there. */
  function rectOfText(root, text) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return range.getBoundingClientRect();
    }
    // Split over several text nodes: the innermost element holding all of it.
    if (!root.textContent.includes(text)) return null;
    let element = root;
    for (let child = element; child; child = [...element.children].find((c) => c.textContent.includes(text))) element = child;
    return element.getBoundingClientRect();
  }

  /** The rectangle is at least partly inside both the scroll box and the window. */
  function onScreen(rect, box) {
    const view = box.getBoundingClientRect();
    return rect.height > 0 && rect.bottom > Math.max(view.top, 0) && rect.top < Math.min(view.bottom, window.innerHeight);
  }

  /** `text` is drawn inside the visible part of `root` (the messages box by default). */
  function shows(text, root = messagesBox()) {
    const box = messagesBox();
    // textContent first: cheap, and false on almost every frame of a stream.
    if (!box || !root?.textContent.includes(text)) return false;
    const rect = rectOfText(root, text);
    return !!rect && onScreen(rect, box);
  }

  /**
   * Opening a conversation: `check`, run every frame from the start (a click, a navigation), ends at
   * the first frame in which `closing`, the last answer's last sentence, is drawn inside the visible
   * part of the messages box; whenVisible() then resolves with the times.
   */
  function startOpenWatch(closing) {
    return startWatch(() => {
      const answers = messagesBox()?.querySelectorAll(ANSWER) ?? [];
      const last = answers[answers.length - 1];
      return !!last && shows(closing, last);
    });
  }

  /** Like startOpenWatch, until the first frame in which `drawn()` is true. */
  function startWatch(drawn) {
    const open = { clickAt: null, visibleAt: null };
    state.open = open;
    let visible;
    state.openVisible = new Promise((resolve) => (visible = resolve));
    const check = () => {
      if (!drawn()) return requestAnimationFrame(check);
      open.visibleAt = performance.now();
      visible();
    };
    return check;
  }

  /** The composer is drawn: a new chat's page is usable. */
  const composerDrawn = () => {
    const rect = document.querySelector(COMPOSER)?.getBoundingClientRect();
    return !!rect && rect.height > 0 && rect.top < window.innerHeight;
  };

  // A reload asked for by watchReload: watched from this page's navigation start (performance.now() 0).
  const reloadWatch = sessionStorage.getItem(RELOAD_WATCH_KEY);
  if (reloadWatch !== null) {
    sessionStorage.removeItem(RELOAD_WATCH_KEY);
    const { closing } = JSON.parse(reloadWatch);
    const check = closing === null ? startWatch(composerDrawn) : startOpenWatch(closing);
    state.open.clickAt = 0;
    requestAnimationFrame(check);
  }

  window.__bench = {
    state,

    /**
     * Streamed answer: stamps every frame in which the messages box changed (lastFrameAt), and the
     * first frame that draws `closing`, the answer's last sentence, in view (finalTextAt). A frame
     * is checked after each change of the box and each scroll (sticking to the bottom may scroll
     * a frame after the text changed).
     */
    watchRender(closing) {
      const render = { finalTextAt: null, lastFrameAt: null, answerChangedAt: null, stopShownAt: null, stopGoneAt: null };
      state.render = render;
      let framePending = false;
      let boxChanged = false;
      let answerChanged = false;
      const onFrame = () => {
        framePending = false;
        const now = performance.now();
        if (boxChanged) render.lastFrameAt = now;
        if (answerChanged) render.answerChangedAt = now;
        boxChanged = false;
        answerChanged = false;
        if (render.finalTextAt === null && shows(closing)) render.finalTextAt = now;
        // The composer is ready again once the stop button it showed during the answer is gone.
        const stop = document.querySelector(STOP);
        if (stop) render.stopShownAt ??= now;
        else if (render.stopShownAt !== null) render.stopGoneAt ??= now;
      };
      const checkNextFrame = () => {
        if (framePending) return;
        framePending = true;
        requestAnimationFrame(onFrame);
      };
      new MutationObserver((records) => {
        const box = messagesBox();
        const stopChanged = render.stopGoneAt === null && (render.stopShownAt === null) === !!document.querySelector(STOP);
        if (!records.some((r) => inside(r.target, box))) {
          if (stopChanged) checkNextFrame();
          return;
        }
        boxChanged = true;
        answerChanged ||= records.some(touchesAnswer);
        checkNextFrame();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      document.addEventListener('scroll', (event) => inside(event.target, messagesBox()) && checkNextFrame(), { capture: true, passive: true });
    },

    /**
     * Opening a conversation: from the next click (its event time) until the first frame in which
     * `closing`, the last answer's last sentence, is drawn inside the visible part of the messages
     * box. whenVisible() then resolves with the times and the conversation request's timing.
     */
    watchOpen(closing) {
      const check = startOpenWatch(closing);
      document.addEventListener(
        'click',
        (event) => {
          state.open.clickAt = event.timeStamp;
          requestAnimationFrame(check);
        },
        { capture: true, once: true },
      );
    },

    /** Resolves when the (first) getStream body has ended, failed or been cancelled. */
    whenStreamEnds: () => streamEnd.then(() => state.streamEndedAt),

    async whenVisible() {
      await state.openVisible;
      // The conversation comes by XHR (the SDK's axios): its resource timing entry.
      const read = performance
        .getEntriesByType('resource')
        .filter((entry) => CONVERSATION_READ.test(entry.name) && entry.startTime >= state.open.clickAt)
        .at(-1);
      return { ...state.open, treeResponseEnd: read?.responseEnd ?? null, treeBytes: read?.encodedBodySize ?? null };
    },

    /**
     * The next page load (a reload) waits, from its navigation start, for `closing`, the last
     * answer's last sentence — or, with null, for the composer (a new chat).
     */
    watchReload(closing) {
      sessionStorage.setItem(RELOAD_WATCH_KEY, JSON.stringify({ closing }));
    },

    /**
     * Resolves once the document has not changed for `quietMs` (or after `maxMs`): the time of its
     * last change, and whether it went quiet.
     */
    quiet(quietMs, maxMs) {
      return new Promise((resolve) => {
        const started = performance.now();
        let lastChangeAt = started;
        const observer = new MutationObserver(() => (lastChangeAt = performance.now()));
        observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
        const poll = setInterval(() => {
          const now = performance.now();
          const quiet = now - lastChangeAt >= quietMs;
          if (!quiet && now - started < maxMs) return;
          clearInterval(poll);
          observer.disconnect();
          resolve({ quiet, lastChangeAt });
        }, 50);
      });
    },

    /**
     * Resolves true once the service worker controls the page and has cached what each live area
     * needs (host-shell/src/sw: a `.qm-complete` marker per area version), so its first-visit work
     * is not measured as the page's; false after `maxMs`, or at once where there is no worker.
     */
    async serviceWorkerSettled(maxMs) {
      if (!navigator.serviceWorker) return false;
      const registry = JSON.parse(document.getElementById('qm-registry')?.textContent ?? 'null');
      const settled = async () => {
        if (!navigator.serviceWorker.controller) return false;
        for (const { area, version, entry } of registry?.areas ?? []) {
          if (!version || !entry) continue;
          const cache = `qm-area-${area}-${version}`;
          if (!(await caches.has(cache))) return false;
          if (!(await (await caches.open(cache)).match(new URL('.qm-complete', new URL(entry, location.href)).href))) return false;
        }
        return true;
      };
      const deadline = performance.now() + maxMs;
      while (!(await settled())) {
        if (performance.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return true;
    },

    /** Whether `text` is drawn inside the visible part of the messages box. */
    shows: (text) => shows(text),

    /** Message nodes in the document (saved and live): tells whether the list is virtualised. */
    messageNodes: () => document.querySelectorAll('[data-testid="message-user"], [data-testid="message-assistant"], [data-testid="message-live"]').length,
  };
})();
