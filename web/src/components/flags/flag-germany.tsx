import { FlagFrame, type FlagProps } from './flag-frame';

/** Black, red and gold in three horizontal bands. */
export function FlagGermany(props: FlagProps) {
  return (
    <FlagFrame {...props}>
      <rect width="60" height="40" fill="#FFCE00" />
      <rect width="60" height="26.67" fill="#DD0000" />
      <rect width="60" height="13.33" fill="#000000" />
    </FlagFrame>
  );
}
