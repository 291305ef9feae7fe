/** Inline icons (no icon library: a handful of paths is lighter than a dependency). Each is 1em
 * square unless styled otherwise (a button's icon size, `boxSize`): Chakra's icon recipe gives an
 * icon no size of its own, and an svg without one fills the width of its box. The size is given
 * as the svg's width and height attributes, which any CSS overrides, and which hold on the
 * pre-rendered pages before any style loads. */
import { Icon, type IconProps } from '@chakra-ui/react';

const make = (path: React.ReactNode, viewBox = '0 0 24 24') =>
  function SvgIcon(props: IconProps) {
    return (
      <Icon viewBox={viewBox} aria-hidden="true" focusable="false" {...props} asChild>
        <svg width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {path}
        </svg>
      </Icon>
    );
  };

export const MenuIcon = make(<path d="M3 6h18M3 12h18M3 18h18" />);
export const EyeIcon = make(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = make(
  <>
    <path d="M17.9 17.9A10.4 10.4 0 0 1 12 19c-6.5 0-10-7-10-7a18.5 18.5 0 0 1 5.1-5.9M9.9 5.2A9.1 9.1 0 0 1 12 5c6.5 0 10 7 10 7a18.6 18.6 0 0 1-2.2 3.2M14.1 14.1a3 3 0 1 1-4.2-4.2" />
    <path d="M2 2l20 20" />
  </>,
);
export const ChevronLeftIcon = make(<path d="M15 18l-6-6 6-6" />);
export const ChevronRightIcon = make(<path d="M9 18l6-6-6-6" />);
export const CrossIcon = make(<path d="M18 6 6 18M6 6l12 12" />);

export function LogoMark(props: IconProps) {
  return (
    <Icon viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props} asChild>
      <svg width="1em" height="1em">
        <rect width="32" height="32" rx="7" fill="#1e40af" />
        <path d="M8 22V10h9a5 5 0 0 1 0 10h-5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </Icon>
  );
}
export const LockIcon = make(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const ArrowUpIcon = make(<path d="M12 19V5M5 12l7-7 7 7" />);
export const ChevronDownIcon = make(<path d="M6 9l6 6 6-6" />);
