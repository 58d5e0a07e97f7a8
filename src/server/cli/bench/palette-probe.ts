// Runs inside the page (added with addInitScript, so it is serialised: no imports, no closures over Node values).
//
// Why this measure: the span a user feels is from the key press to the first frame that shows its effect. We take the
// start from the keydown event's own timeStamp (when the browser received the key, so time queued behind other work
// counts) and the end from a requestAnimationFrame callback followed by a MessageChannel task: rAF runs just before
// the frame's style, layout and paint, and the task after it runs only once that frame's rendering work is done, so
// its time bounds the paint from above. The chain starts after the `input` event, by which point React has rendered
// the controlled input and the list synchronously (discrete events flush synchronously), so a slow render lengthens
// the span. The Event Timing API would measure the same span but reports only entries of 16 ms or more, rounded to
// 8 ms, which is too coarse to state a p50 or to tell 15 ms from 17 ms.
// Palette DOM changes that land in a later frame (a deferred render, or a remote answer) are counted separately, so
// work moved out of the measured frame is reported rather than hidden.
// `workMs` is the palette's own share: from the same start to the end of the input event's dispatch (React renders
// the list synchronously inside it) with style and layout forced, so without the wait for the next frame that every
// keystroke pays, a bare input's too.

export interface KeystrokeSample {
  key: string;
  ms: number;
  /** Key press to the end of the input's handlers, style and layout: the span without the wait for a frame. */
  workMs: number;
  /** The palette changed after the measured frame and before the next key. */
  laterMutations: number;
}

declare global {
  interface Window {
    __paletteSamples?: KeystrokeSample[];
  }
}

export function installKeystrokeProbe(): void {
  const samples: KeystrokeSample[] = [];
  window.__paletteSamples = samples;
  let pending: { key: string; start: number } | null = null;
  let current: KeystrokeSample | null = null;
  let workMs = 0;
  const observer = new MutationObserver(() => {
    if (current) current.laterMutations += 1;
  });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key.length !== 1 && event.key !== 'Backspace') return;
      current = null;
      pending = { key: event.key, start: event.timeStamp };
    },
    true,
  );
  document.addEventListener(
    'input',
    () => {
      const started = pending;
      if (!started) return;
      pending = null;
      // The window's bubbling listener runs after every handler of the page (React's sit on its root element).
      window.addEventListener(
        'input',
        () => {
          document.body.getBoundingClientRect();
          workMs = performance.now() - started.start;
        },
        { once: true },
      );
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const sample = { key: started.key, ms: performance.now() - started.start, workMs, laterMutations: 0 };
          samples.push(sample);
          current = sample;
          const palette = document.querySelector('[role="dialog"][aria-label="Command palette"]');
          observer.disconnect();
          if (palette) observer.observe(palette, { subtree: true, childList: true, characterData: true });
        };
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}
