// The rows of two labelled text inputs the ticket (prices, exits) and the key form (fences) are made of: each input
// described once — label, id, value, what it takes — and laid out two to a row.
import { Field } from './ui.js';

export interface InputSpec {
  label: string;
  id: string;
  value: string;
  onValue: (value: string) => void;
  /** Decimal by default (prices, sizes, USD amounts: the phone's keypad with a point). */
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'datetime-local';
  pattern?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

export function InputField({ label, id, value, onValue, inputMode = 'decimal', type = 'text', pattern, required, disabled, hint }: InputSpec) {
  const common = { id, required, disabled, value, onInput: (e: { currentTarget: HTMLInputElement }) => onValue(e.currentTarget.value) };
  return (
    <Field label={label} id={id} hint={hint}>
      {type === 'datetime-local' ? <input type="datetime-local" {...common} /> : <input inputMode={inputMode} pattern={pattern} {...common} />}
    </Field>
  );
}

/** Two inputs side by side; a field left out (null or false) leaves its place to the other. */
export function FieldRow({ fields }: { fields: (InputSpec | null | false)[] }) {
  const shown = fields.filter((f): f is InputSpec => Boolean(f));
  if (shown.length === 0) return null;
  return (
    <div class="row2">
      {shown.map((f) => (
        <InputField {...f} />
      ))}
    </div>
  );
}
