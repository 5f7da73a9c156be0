import { Templates } from '@rjsf/antd';
import { ariaDescribedByIds, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { InputNumber } from 'antd';

const ThemeInput = Templates.BaseInputTemplate!;

/** A number as entered: the theme's input pads it to its step's decimals (5.0 with step 0.5). */
const asEntered = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** The inputs of the form, the theme's own, except that numbers show as entered (5, not 5.0). */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, schema, type, options, value, disabled, readonly, placeholder, required } = props;
  if (schema.type !== 'number' && schema.type !== 'integer') return <ThemeInput {...props} />;
  const { step, min, max } = getInputProps(schema, type, options, false);
  return (
    <InputNumber<number>
      id={id}
      name={htmlName || id}
      value={value as number | undefined}
      disabled={disabled || readonly}
      placeholder={placeholder}
      required={required}
      step={typeof step === 'number' ? step : undefined}
      min={typeof min === 'number' ? min : undefined}
      max={typeof max === 'number' ? max : undefined}
      formatter={asEntered}
      changeOnWheel={false}
      style={{ width: '100%' }}
      onChange={(next) => props.onChange(next === null ? options.emptyValue : next)}
      onBlur={({ target }) => props.onBlur(id, target.value)}
      onFocus={({ target }) => props.onFocus(id, target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
