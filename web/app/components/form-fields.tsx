import { honeypotField } from "@mcf/contracts/leads-options";
import type { InputHTMLAttributes } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: string;
  label: string;
};

/** A labelled input in the store's form style; a required field shows an asterisk. */
export function TextField({ id, label, required, className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input id={id} required={required} className="field-input" {...input} />
    </div>
  );
}

/** The hidden field bots fill in and people never see; the server drops posts that fill it. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={honeypotField} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
