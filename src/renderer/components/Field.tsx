// A labelled form control with its error underneath. Ids and test ids follow the API field name: the control is
// `f-<name>` / data-testid `field-<name>`, its error `e-<name>` / `error-<name>`, so tests and the server's `fields`
// map onto the same names.
import type { ReactNode } from 'react';

export const controlId = (name: string) => `f-${name}`;
export const errorId = (name: string) => `e-${name}`;

export interface FieldShellProps {
  name: string;
  label: string;
  error: string | undefined;
  required?: boolean;
  hint?: string;
  className?: string;
  /** The control itself: it must use `controlId(name)` and `aria-describedby={errorId(name)}`. */
  children: ReactNode;
  extraErrors?: ReadonlyArray<{ name: string; error: string | undefined }>;
}

export function FieldShell({
  name,
  label,
  error,
  required,
  hint,
  className,
  children,
  extraErrors = [],
}: FieldShellProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={controlId(name)}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <span className="field__hint">{hint}</span> : null}
      <FieldError name={name} error={error} />
      {extraErrors.map((extra) => (
        <FieldError key={extra.name} name={extra.name} error={extra.error} />
      ))}
    </div>
  );
}

export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <span className="field__error" id={errorId(name)} data-testid={`error-${name}`} role="alert">
      {error}
    </span>
  );
}
