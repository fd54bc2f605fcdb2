import { Button, Group, Input } from '@mantine/core';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import {
  backingStoreSize,
  canvasPixelRatio,
  fitWithin,
  needsResize,
  type CanvasLayout,
} from './resize-canvas';
import classes from './signature-field.module.css';

/** 200 px high, black pen, transparent background. */
const PAD_HEIGHT = 200;
const PEN_COLOR = '#000';
const TRANSPARENT = 'rgba(0,0,0,0)';

export interface SignatureFieldProps {
  /** Visible label above the pad, also the start of the canvas's accessible name. */
  label: string;
  /** Faint text centred in the empty pad, e.g. 'Sign here'. */
  hint: string;
  /** The signature as a PNG data URL, or null when unsigned. Controlled: pass back what onChange gives. */
  value: string | null;
  /** Called after every stroke with a transparent PNG data URL, and with null on Clear. */
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * Wipes the canvas and paints it again: first a loaded signature image (if any), then the strokes
 * signature_pad holds. Stroke points are in CSS pixels, so this is right after any resize.
 */
function repaint(
  pad: SignaturePad,
  canvas: HTMLCanvasElement,
  base: HTMLImageElement | null,
  layout: CanvasLayout | null,
): void {
  const strokes = pad.toData();
  pad.clear();
  if (base && layout) {
    const size = fitWithin(
      { width: base.naturalWidth, height: base.naturalHeight },
      { width: layout.cssWidth, height: PAD_HEIGHT },
    );
    canvas.getContext('2d')?.drawImage(base, 0, 0, size.width, size.height);
  }
  pad.fromData(strokes, { clear: false });
}

export function SignatureField({
  label,
  hint,
  value,
  onChange,
  disabled = false,
  error,
}: SignatureFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const layoutRef = useRef<CanvasLayout | null>(null);
  /*
   * A saved signature (the value on mount, after a reload) is an image, not strokes. We decode it
   * ourselves and draw it synchronously in repaint(): pad.fromDataURL() draws whenever its image
   * loads and cannot be cancelled, so a Clear or resize in between would leave a stale copy, and
   * it stretches the image to the canvas width, which distorts it after a width change.
   */
  const baseImageRef = useRef<HTMLImageElement | null>(null);
  /** Bumped to abandon a saved-signature load that is still decoding. */
  const loadTokenRef = useRef(0);
  /** The value the canvas currently shows (or is loading), to tell our own onChange echo apart. */
  const shownRef = useRef<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  const blank = value === null && !drawing;

  const emitInk = useEffectEvent(() => {
    const pad = padRef.current;
    if (!pad) return;
    const dataUrl =
      pad.isEmpty() && baseImageRef.current === null ? null : pad.toDataURL('image/png');
    shownRef.current = dataUrl;
    onChange(dataUrl);
  });

  const emitUnreadable = useEffectEvent(() => {
    shownRef.current = null;
    onChange(null);
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const wrapper = wrapperRef.current;
    if (!canvas || !wrapper) return;

    const pad = new SignaturePad(canvas, {
      penColor: PEN_COLOR,
      backgroundColor: TRANSPARENT,
      // A little above the 0.5 default so fast strokes survive being scaled down in the PDF.
      minWidth: 0.75,
      maxWidth: 2.5,
    });
    padRef.current = pad;

    const fitToWrapper = () => {
      const next = {
        cssWidth: canvas.offsetWidth,
        ratio: canvasPixelRatio(window.devicePixelRatio),
      };
      if (!needsResize(layoutRef.current, next)) return;
      layoutRef.current = next;
      const backing = backingStoreSize({ width: next.cssWidth, height: PAD_HEIGHT }, next.ratio);
      // Setting the size empties the bitmap and resets the transform; repaint restores the ink.
      canvas.width = backing.width;
      canvas.height = backing.height;
      canvas.getContext('2d')?.setTransform(next.ratio, 0, 0, next.ratio, 0, 0);
      repaint(pad, canvas, baseImageRef.current, next);
    };

    const handleBeginStroke = () => {
      // Drawing over a saved signature that has not finished loading: the new ink wins.
      loadTokenRef.current += 1;
      setDrawing(true);
    };
    const handleEndStroke = () => {
      setDrawing(false);
      emitInk();
    };

    // No first fitToWrapper() here: reading the width now would force a layout of the whole
    // page inside React's commit. The observer reports every observed element once after the
    // browser's own layout, before the first paint, and fitToWrapper sizes the canvas then.
    pad.addEventListener('beginStroke', handleBeginStroke);
    pad.addEventListener('endStroke', handleEndStroke);
    const observer = new ResizeObserver(fitToWrapper);
    observer.observe(wrapper);
    window.addEventListener('orientationchange', fitToWrapper);

    return () => {
      observer.disconnect();
      window.removeEventListener('orientationchange', fitToWrapper);
      pad.removeEventListener('beginStroke', handleBeginStroke);
      pad.removeEventListener('endStroke', handleEndStroke);
      pad.off();
      padRef.current = null;
      layoutRef.current = null;
      baseImageRef.current = null;
      shownRef.current = null;
      loadTokenRef.current += 1;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || value === shownRef.current) return;

    shownRef.current = value;
    loadTokenRef.current += 1;
    const token = loadTokenRef.current;
    baseImageRef.current = null;
    pad.clear();
    if (value === null) return;

    const image = new Image();
    image.src = value;
    image.decode().then(
      () => {
        if (token !== loadTokenRef.current) return;
        baseImageRef.current = image;
        repaint(pad, canvas, image, layoutRef.current);
      },
      () => {
        if (token !== loadTokenRef.current) return;
        // An unreadable saved signature must not count as signed.
        emitUnreadable();
      },
    );
  }, [value]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const handleClear = () => {
    loadTokenRef.current += 1;
    baseImageRef.current = null;
    padRef.current?.clear();
    shownRef.current = null;
    setDrawing(false);
    onChange(null);
  };

  const name = label || 'Signature';

  return (
    <div role="group" aria-labelledby={label ? labelId : undefined}>
      {label ? (
        <Input.Label id={labelId} labelElement="div" mb={6}>
          {label}
        </Input.Label>
      ) : null}
      <div
        ref={wrapperRef}
        className={classes.pad}
        data-disabled={disabled || undefined}
        data-error={error ? true : undefined}
      >
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          role="img"
          aria-label={`${name}: ${blank ? 'empty' : 'signed'}`}
          aria-describedby={error ? errorId : undefined}
        />
        {hint && blank ? (
          <div className={classes.hint} aria-hidden="true">
            {hint}
          </div>
        ) : null}
      </div>
      <Group gap="sm" mt="xs" wrap="nowrap" align="flex-start">
        {error ? (
          <Input.Error id={errorId} role="alert" style={{ flex: 1 }}>
            {error}
          </Input.Error>
        ) : null}
        <Button
          variant="default"
          size="sm"
          ml="auto"
          onClick={handleClear}
          disabled={disabled || blank}
        >
          Clear
        </Button>
      </Group>
    </div>
  );
}
