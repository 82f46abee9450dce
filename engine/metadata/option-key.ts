/** The i18n key of an option value: "Strategic Plan" -> option.strategicPlan, "ASC" -> option.asc, "MidTermAccepted" -> option.midTermAccepted. */
export const optionKey = (value: string | number): string => {
  const words = String(value)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return (
    'option.' +
    words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('')
  );
};
