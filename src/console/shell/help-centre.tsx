import { useRuntimeConfig } from '@console/app/runtime-config';
import { Button } from '@console/ui/button';
import { PlayIcon } from '@console/ui/icons';
import { Modal } from '@console/ui/modal';
import { createContext, type KeyboardEvent, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation } from 'wouter';

export const HELP_SECTIONS = ['Getting started', 'Routes', 'MIDs', 'Simulator', 'Disputes'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

const SECTION_TEXT: Record<HelpSection, { header: string; description: string }> = {
  'Getting started': {
    header: 'Getting started',
    description:
      'Find your way around the console: switch account and merchant from the top menu, open any screen or record with the command palette, and use the side bar for the sections of the account or merchant you are in.',
  },
  Routes: {
    header: 'Routes',
    description:
      'Routes decide which MID processes a payment. Each route matches on currency, issuer country, card brand, BIN, URL and custom tags, and sends the payment to a MID with a weight and priority, optionally with a fallback MID.',
  },
  MIDs: {
    header: 'MIDs',
    description:
      'A MID is a merchant ID at an acquirer. Set its acquirer and solution, the criteria it accepts, its 3DS preference and its limits; routes then point payments at it.',
  },
  Simulator: {
    header: 'Simulator',
    description:
      'Try an order against your routes before going live: the simulator shows which route and MID the order would take, and the fallback when the first MID declines.',
  },
  Disputes: {
    header: 'Disputes',
    description:
      'Work chargebacks and retrievals in the dispute manager: read the reason, gather evidence, download the dispute document from your templates and follow each case to its outcome.',
  },
};

interface HelpCentreApi {
  open: (section?: HelpSection) => void;
}

const HelpCentreContext = createContext<HelpCentreApi | null>(null);

/** Opens the help-centre modal from anywhere inside the shell (top menu, table filter boxes, commands). */
export function useHelpCentre(): HelpCentreApi {
  const api = useContext(HelpCentreContext);
  return api ?? { open: () => undefined };
}

export function HelpCentreProvider({ children }: { children: ReactNode }) {
  const [section, setSection] = useState<HelpSection | null>(null);
  const open = useCallback((next: HelpSection = 'Getting started') => setSection(next), []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <HelpCentreContext.Provider value={api}>
      {children}
      <HelpCentreModal section={section} onSectionChange={setSection} onClose={() => setSection(null)} />
    </HelpCentreContext.Provider>
  );
}

export interface HelpCentreModalProps {
  /** null: closed. */
  section: HelpSection | null;
  onSectionChange: (section: HelpSection) => void;
  onClose: () => void;
}

/** Spec 1: five sections with header, description and videos; closed only by its close button; content 500 px. */
export function HelpCentreModal({ section, onSectionChange, onClose }: HelpCentreModalProps) {
  const { helpVideos } = useRuntimeConfig();
  const current = section ?? 'Getting started';
  const videos = helpVideos[current] ?? [];
  const text = SECTION_TEXT[current];

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = HELP_SECTIONS.indexOf(current);
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = HELP_SECTIONS[(index + step + HELP_SECTIONS.length) % HELP_SECTIONS.length]!;
    onSectionChange(next);
    document.getElementById(`help-tab-${next.replace(/\s/g, '-')}`)?.focus();
  };

  return (
    <Modal
      open={section !== null}
      onClose={onClose}
      title="Video learning center"
      width={860}
      closeOnEscape={false}
      closeOnOutsideClick={false}
      bodyHeight={500}
      className="help-centre"
    >
      <div className="help-centre__layout">
        <div
          className="help-centre__tabs"
          role="tablist"
          aria-orientation="vertical"
          aria-label="Help sections"
          onKeyDown={onTabKey}
        >
          {HELP_SECTIONS.map((name) => {
            const id = name.replace(/\s/g, '-');
            return (
              <button
                key={name}
                id={`help-tab-${id}`}
                type="button"
                role="tab"
                aria-selected={name === current}
                aria-controls={`help-panel-${id}`}
                tabIndex={name === current ? 0 : -1}
                className="help-centre__tab"
                onClick={() => onSectionChange(name)}
              >
                {name}
              </button>
            );
          })}
        </div>
        <section
          className="help-centre__panel"
          role="tabpanel"
          id={`help-panel-${current.replace(/\s/g, '-')}`}
          aria-labelledby={`help-tab-${current.replace(/\s/g, '-')}`}
        >
          <h3 className="help-centre__header">{text.header}</h3>
          <p className="help-centre__description">{text.description}</p>
          {videos.length > 0 ? (
            <ul className="help-centre__videos">
              {videos.map((video) => (
                <li key={video.url}>
                  <a href={video.url} target="_blank" rel="noreferrer" className="help-centre__video">
                    <PlayIcon />
                    <span>{video.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">No videos for this section yet.</p>
          )}
        </section>
      </div>
    </Modal>
  );
}

/** The help section about the screen at a path: the dispute screens open Disputes, routes and MIDs their own. */
export function helpSectionOf(path: string): HelpSection {
  if (/\/(dispute-manager|dispute-configuration)(\/|$)/.test(path)) return 'Disputes';
  if (/\/routes(\/|$)/.test(path)) return 'Routes';
  if (/\/mids(\/|$)/.test(path)) return 'MIDs';
  return 'Getting started';
}

/**
 * The 'Video learning center' button of the table filter boxes (spec 1): the data table draws it, so every list has
 * it the same way. It opens the help centre at the section of the screen it is on.
 */
export function VideoLearningCenterButton() {
  const help = useHelpCentre();
  const [location] = useLocation();
  return (
    <Button size="sm" variant="ghost" icon={<PlayIcon />} onClick={() => help.open(helpSectionOf(location))}>
      Video learning center
    </Button>
  );
}
