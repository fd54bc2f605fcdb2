/**
 * A scripted SpeechRecognition, installed before the page loads (docs/architecture.md), so the
 * widget's real code runs against the Web Speech API's event shapes. The test drives it through
 * window.__speech: say(text, {interim}), fail(error), end(), and reads the settings it was given.
 */
export const fakeSpeechRecognitionScript = `
(() => {
  const state = { instances: [], active: null };
  class FakeSpeechRecognition {
    constructor() {
      this.lang = '';
      this.continuous = false;
      this.interimResults = true;
      this.onresult = null;
      this.onerror = null;
      this.onend = null;
      state.instances.push(this);
    }
    start() { state.active = this; }
    stop() { this._finish(); }
    abort() { this._finish(); }
    _finish() {
      if (state.active !== this) return;
      state.active = null;
      this.onend && this.onend();
    }
  }
  window.SpeechRecognition = FakeSpeechRecognition;
  window.webkitSpeechRecognition = FakeSpeechRecognition;
  window.__speech = {
    settings() {
      const last = state.instances[state.instances.length - 1];
      return last ? { lang: last.lang, continuous: last.continuous, interimResults: last.interimResults } : null;
    },
    isListening() { return state.active !== null; },
    say(text, options) {
      const recognition = state.active;
      if (!recognition) throw new Error('not listening');
      const result = { isFinal: !(options && options.interim), length: 1, 0: { transcript: text, confidence: 0.9 } };
      recognition.onresult && recognition.onresult({ resultIndex: 0, results: { length: 1, 0: result } });
    },
    fail(error) {
      const recognition = state.active;
      if (!recognition) throw new Error('not listening');
      recognition.onerror && recognition.onerror({ error });
    },
    end() { state.active && state.active._finish(); },
  };
})();
`;

/** Removes the Web Speech API, as in a browser that lacks it. */
export const noSpeechRecognitionScript = `
  delete window.SpeechRecognition;
  delete window.webkitSpeechRecognition;
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: undefined });
`;
