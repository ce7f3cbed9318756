import { InputField } from "~/shared/forms/form-fields.tsx";
import { LIMITS } from "~/shared/forms/form-rules.ts";
import { addYears, isIsoDate } from "~/shared/dates.ts";
import { FIELD_LABELS } from "~/shared/messages.ts";

type Values = Readonly<Record<string, string | undefined>>;

/**
 * The stay on every stay form: check-in and check-out within the bookable window, check-out from
 * check-in, adults and children. Islands pass the form's current `checkIn`, so check-out's earliest
 * day follows it.
 */
export function StayFields({
  values,
  fieldErrors,
  today,
  checkIn = values.checkIn ?? "",
  childrenRequired,
}: {
  values: Values;
  fieldErrors: Values;
  today: string;
  checkIn?: string;
  /** The dialog and /reservation require every field (spec section 5); /booking and the desk read a blank as 0. */
  childrenRequired: boolean;
}) {
  const lastDay = addYears(today, 1);
  return (
    <>
      <InputField
        name="checkIn"
        label={FIELD_LABELS.checkIn}
        type="date"
        required
        min={today}
        max={lastDay}
        defaultValue={checkIn}
        error={fieldErrors.checkIn}
      />
      <InputField
        name="checkOut"
        label={FIELD_LABELS.checkOut}
        type="date"
        required
        min={isIsoDate(checkIn) && checkIn >= today ? checkIn : today}
        max={lastDay}
        defaultValue={values.checkOut ?? ""}
        error={fieldErrors.checkOut}
      />
      <InputField
        name="adults"
        label={FIELD_LABELS.adults}
        type="number"
        inputMode="numeric"
        min={LIMITS.adults.min}
        max={LIMITS.adults.max}
        required
        defaultValue={values.adults ?? "1"}
        error={fieldErrors.adults}
      />
      <InputField
        name="children"
        label={FIELD_LABELS.children}
        type="number"
        inputMode="numeric"
        min={LIMITS.children.min}
        max={LIMITS.children.max}
        required={childrenRequired}
        defaultValue={values.children ?? "0"}
        error={fieldErrors.children}
      />
    </>
  );
}
