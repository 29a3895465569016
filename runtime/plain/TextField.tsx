/**
 * An outlined text input without MUI (runtime/plain), as MUI's TextField (outlined, margin dense, full width)
 * draws it: the label sits in the box and floats into a notch of the outline when the input is focused, filled
 * or autofilled. `<label for>` names the input, as MUI's does.
 */
import './plain.css';

export interface TextFieldProps {
  id: string;
  name: string;
  /** The input's type: text, email, password... */
  type: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  autoComplete?: string;
  /** Sets aria-required (the label already carries the asterisk). */
  required?: boolean;
}

/** An outlined text input; see the module comment. */
export function TextField({
  id,
  name,
  type,
  label,
  value,
  onChange,
  autoFocus,
  autoComplete,
  required,
}: TextFieldProps) {
  return (
    <div className="plain-field" data-filled={value !== '' || undefined}>
      <label className="plain-field-label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="plain-field-box">
        <input
          className="plain-field-input"
          id={id}
          name={name}
          type={type}
          value={value}
          // biome-ignore lint/a11y/noAutofocus: the document asks for it (ui:autofocus), as the form renderer honours it
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <fieldset aria-hidden="true" className="plain-field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
