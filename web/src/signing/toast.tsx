import { useCallback, useEffect, useState } from 'react';

export interface ToastMessage {
  title: string;
  message: string;
  error?: boolean;
}

/** The spec's toasts: one at a time, shown for 5 seconds. */
const TOAST_MS = 5000;

export function useToast() {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback(
    (message: ToastMessage) => setToast((current) => ({ ...message, id: (current?.id ?? 0) + 1 })),
    [],
  );
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return { toast, show, dismiss };
}

/** Announced politely (an error assertively), at the bottom of the screen, above everything. */
export function Toast(props: {
  toast: (ToastMessage & { id: number }) | null;
  onDismiss: () => void;
  dismissLabel: string;
}) {
  const { toast } = props;
  return (
    <div className="toast-region" role={toast?.error ? 'alert' : 'status'} aria-live="polite">
      {toast ? (
        <div key={toast.id} className="toast" data-toast data-error={toast.error || undefined}>
          <div className="toast-text">
            <strong>{toast.title}</strong>
            <span>{toast.message}</span>
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label={props.dismissLabel}
            onClick={props.onDismiss}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
