import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import {
  backingStoreSize,
  canvasPixelRatio,
  needsResize,
  type CanvasLayout,
} from '../components/signature-pad/resize-canvas';

/** The spec's pad: 200 px high, black pen, transparent background. */
const PAD_HEIGHT = 200;

export interface PadWords {
  label: string;
  hint: string;
  clear: string;
  empty: string;
  signed: string;
}

/**
 * The homeowner's signature pad, without Mantine (the signing page's budget, issue 20). Reports
 * a transparent PNG data URL after every stroke and null on Clear. A phone turned sideways
 * resizes the canvas and keeps the ink (strokes are in CSS pixels).
 */
export function SignaturePadField(props: {
  words: PadWords;
  onChange: (dataUrl: string | null) => void;
  disabled: boolean;
  error: string | null;
}) {
  const labelId = useId();
  const errorId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [inked, setInked] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const blank = !inked && !drawing;

  const emitInk = useEffectEvent(() => {
    const pad = padRef.current;
    if (!pad) return;
    const empty = pad.isEmpty();
    setInked(!empty);
    props.onChange(empty ? null : pad.toDataURL('image/png'));
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrapper = wrapperRef.current;
    if (!canvas || !wrapper) return;
    const pad = new SignaturePad(canvas, {
      penColor: '#000',
      backgroundColor: 'rgba(0,0,0,0)',
      // A little above the 0.5 default so fast strokes survive being scaled down in the PDF.
      minWidth: 0.75,
      maxWidth: 2.5,
    });
    padRef.current = pad;
    let layout: CanvasLayout | null = null;

    const fit = () => {
      const next = { cssWidth: canvas.offsetWidth, ratio: canvasPixelRatio(devicePixelRatio) };
      if (!needsResize(layout, next)) return;
      layout = next;
      const strokes = pad.toData();
      const backing = backingStoreSize({ width: next.cssWidth, height: PAD_HEIGHT }, next.ratio);
      // Setting the size empties the bitmap and resets the transform; the strokes come back.
      canvas.width = backing.width;
      canvas.height = backing.height;
      canvas.getContext('2d')?.setTransform(next.ratio, 0, 0, next.ratio, 0, 0);
      pad.fromData(strokes);
    };
    const begin = () => setDrawing(true);
    const end = () => {
      setDrawing(false);
      emitInk();
    };
    pad.addEventListener('beginStroke', begin);
    pad.addEventListener('endStroke', end);
    // The observer reports once after the browser's own layout: no forced layout on mount.
    const observer = new ResizeObserver(fit);
    observer.observe(wrapper);
    return () => {
      observer.disconnect();
      pad.removeEventListener('beginStroke', begin);
      pad.removeEventListener('endStroke', end);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (props.disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [props.disabled]);

  const clear = () => {
    padRef.current?.clear();
    setInked(false);
    props.onChange(null);
  };

  const { words } = props;
  return (
    <div role="group" aria-labelledby={labelId} className="field">
      <div id={labelId} className="label">
        {words.label}
      </div>
      <div
        ref={wrapperRef}
        className="pad"
        data-disabled={props.disabled || undefined}
        data-error={props.error ? true : undefined}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${words.label}: ${blank ? words.empty : words.signed}`}
          aria-describedby={props.error ? errorId : undefined}
        />
        {blank ? (
          <div className="pad-hint" aria-hidden="true">
            {words.hint}
          </div>
        ) : null}
      </div>
      <div className="pad-footer">
        {props.error ? (
          <p id={errorId} role="alert" className="error">
            {props.error}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-default button-small"
          onClick={clear}
          disabled={props.disabled || blank}
        >
          {words.clear}
        </button>
      </div>
    </div>
  );
}
