import { forwardRef, useId } from 'react';

/**
 * "Your full name": the name printed under the homeowner's signature (issue 32), filled in with
 * what the contractor typed for the client, for the signer to correct.
 */
export const SignerNameField = forwardRef<
  HTMLInputElement,
  {
    words: { label: string; description: string };
    value: string;
    most: number;
    disabled: boolean;
    error: string | null;
    onChange: (value: string) => void;
  }
>(function SignerNameField(props, ref) {
  const inputId = useId();
  const descriptionId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={inputId}>
        {props.words.label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="text-input"
        type="text"
        name="signer_name"
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        required
        // A little room over the limit, so a paste that is too long is said, not cut silently.
        maxLength={props.most + 20}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${descriptionId} ${errorId}` : descriptionId}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      <p id={descriptionId} className="description">
        {props.words.description}
      </p>
      {props.error ? (
        <p id={errorId} className="error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
});
