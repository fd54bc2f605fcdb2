import { useCallback, useEffect, useRef, useState } from 'react';

/** The parts of the Web Speech API we use; Chrome still names the constructor webkitSpeechRecognition. */
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0: { readonly transcript: string };
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export interface SpeechRecognitionHandlers {
  onUtterance: (text: string) => void;
  onError: () => void;
  onUnsupported: () => void;
}

/**
 * Dictation: en-US, continuous, final results only. Recording returns
 * to idle on an error or when the browser ends recognition.
 */
export function useSpeechRecognition(handlers: SpeechRecognitionHandlers) {
  const [recording, setRecording] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      latest.current.onUnsupported();
      return;
    }
    const session = new Constructor();
    session.lang = 'en-US';
    session.continuous = true;
    session.interimResults = false;
    session.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        const text = result?.isFinal ? result[0].transcript.trim() : '';
        if (text) latest.current.onUtterance(text);
      }
    };
    session.onerror = () => {
      session.abort();
      setRecording(false);
      latest.current.onError();
    };
    session.onend = () => {
      recognition.current = null;
      setRecording(false);
    };
    recognition.current = session;
    try {
      session.start();
      setRecording(true);
    } catch {
      recognition.current = null;
      latest.current.onError();
    }
  }, []);

  // Leaving the screen must not leave the microphone on.
  useEffect(() => () => recognition.current?.abort(), []);

  return { recording, start, stop, toggle: recording ? stop : start };
}
