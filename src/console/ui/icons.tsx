import type { SVGProps } from 'react';

// A handful of line icons drawn inline, so the console ships no icon font or icon library.

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...props}
    >
      {children}
    </svg>
  );
}

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Svg>
);
export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6l4 4 4-4" />
  </Svg>
);
export const ChevronLeftIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10 4L6 8l4 4" />
  </Svg>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 4l4 4-4 4" />
  </Svg>
);
export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3.5 8.5l3 3 6-7" />
  </Svg>
);
export const CheckCircleIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M5.5 8.2l1.8 1.8 3.2-3.6" />
  </Svg>
);
export const InfoIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 7.25v3.75M8 5h.01" />
  </Svg>
);
export const WarningIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 2.2l6.2 11H1.8z" />
    <path d="M8 6.5v3M8 11.4h.01" />
  </Svg>
);
export const ErrorIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M6 6l4 4M10 6l-4 4" />
  </Svg>
);
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="7" cy="7" r="4.25" />
    <path d="M10.2 10.2L13.5 13.5" />
  </Svg>
);
export const MoreIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="3.5" cy="8" r="0.6" fill="currentColor" />
    <circle cx="8" cy="8" r="0.6" fill="currentColor" />
    <circle cx="12.5" cy="8" r="0.6" fill="currentColor" />
  </Svg>
);
export const HelpIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M6.3 6.2a1.8 1.8 0 013.5.5c0 1.2-1.8 1.5-1.8 2.6M8 11.5h.01" />
  </Svg>
);
export const LogoutIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 2.75H3.75a1 1 0 00-1 1v8.5a1 1 0 001 1H6M10.5 11l3-3-3-3M13.5 8H6" />
  </Svg>
);
export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M6.75 5.75v4.5l3.5-2.25z" />
  </Svg>
);
export const MailIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="2" y="3.5" width="12" height="9" rx="1.25" />
    <path d="M2.5 4.5L8 8.75l5.5-4.25" />
  </Svg>
);
export const RefreshIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M13 3.5v3h-3M3 12.5v-3h3" />
    <path d="M12.6 6.5A5 5 0 003.8 5M3.4 9.5a5 5 0 008.8 1.5" />
  </Svg>
);
export const CommandIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6h4v4H6zM6 6V4.5A1.5 1.5 0 104.5 6zM10 6V4.5A1.5 1.5 0 1111.5 6zM6 10v1.5A1.5 1.5 0 114.5 10zM10 10v1.5a1.5 1.5 0 101.5-1.5z" />
  </Svg>
);
export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M1.75 8S4 3.75 8 3.75 14.25 8 14.25 8 12 12.25 8 12.25 1.75 8 1.75 8z" />
    <circle cx="8" cy="8" r="2" />
  </Svg>
);
export const LayersIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 2l6 3.25-6 3.25-6-3.25zM2 8.25l6 3.25 6-3.25M2 11l6 3 6-3" />
  </Svg>
);
export const StoreIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.5 6.5V13.25h11V6.5M1.75 3h12.5l-.75 3.5h-11z" />
    <path d="M6.25 13.25v-3.5h3.5v3.5" />
  </Svg>
);
export const UsersIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="6" cy="5.5" r="2.5" />
    <path d="M1.75 13.25c.5-2.25 2.25-3.5 4.25-3.5s3.75 1.25 4.25 3.5M10.5 3.25a2.5 2.5 0 010 4.75M12 9.9c1.2.5 2 1.6 2.25 3.35" />
  </Svg>
);
export const ListIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01" />
  </Svg>
);
export const DocumentIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 1.75h5l3 3v9.5H4z" />
    <path d="M9 1.75v3h3M6 8.5h4M6 11h4" />
  </Svg>
);
/** Something that happened again (a second chargeback). */
export const RepeatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.75 7.25V6.5a2.75 2.75 0 012.75-2.75h7.5M10.75 1.5L13 3.75 10.75 6M13.25 8.75v.75a2.75 2.75 0 01-2.75 2.75H3M5.25 14.5L3 12.25 5.25 10" />
  </Svg>
);
/** Money sent back (a refund). */
export const RefundIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5.75 3.25L2.75 6.25l3 3M2.75 6.25h6.5a4 4 0 010 8H7" />
  </Svg>
);

export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5M7 7v4M9 7v4" />
  </Svg>
);

export const LockIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="7" width="9" height="6.5" rx="1" />
    <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
  </Svg>
);
