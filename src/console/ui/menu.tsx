import { useFocusScope } from '@console/commands/focus-scope';
import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useMergeRefs,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import {
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { CheckIcon } from './icons';
import { Kbd } from './kbd';

export interface MenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
  icon?: ReactNode;
  /** A key binding shown at the right of the item. */
  keys?: string;
  /** Draws a separator above this item. */
  separatorBefore?: boolean;
  /**
   * A checkbox item (role menuitemcheckbox) in this state. Choosing it toggles and keeps the menu open, so several
   * can be changed in one visit; Escape or Tab closes.
   */
  checked?: boolean;
}

export interface MenuHandle {
  open: () => void;
  close: () => void;
}

export interface MenuProps {
  /** One element that accepts a ref and DOM props; usually an IconButton or Button. */
  trigger: ReactElement;
  items: readonly MenuItem[];
  /** The menu's accessible name. */
  label: string;
  placement?: Placement;
  /** Lets a hotkey (the table's `.`) open the menu of the active row. */
  ref?: Ref<MenuHandle>;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu button: arrows move, Enter or Space choose, typing a letter jumps, Escape closes and returns focus to the
 * trigger. While open it is a dialog-level focus scope, so Escape never reaches the table behind it.
 */
export function Menu({ trigger, items, label, placement = 'bottom-end', ref, onOpenChange }: MenuProps) {
  const [open, setOpenState] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);

  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    onOpenChangeRef.current?.(next);
  }, []);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const click = useClick(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'menu' });
  const listNavigation = useListNavigation(context, {
    listRef,
    activeIndex,
    onNavigate: setActiveIndex,
    loop: true,
    disabledIndices: items.flatMap((item, index) => (item.disabled ? [index] : [])),
  });
  const typeahead = useTypeahead(context, {
    listRef: labelsRef,
    activeIndex,
    onMatch: (index) => (open ? setActiveIndex(index) : undefined),
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    click,
    dismiss,
    role,
    listNavigation,
    typeahead,
  ]);

  useFocusScope('dialog', { active: open, onEscape: () => setOpen(false) });

  useImperativeHandle(
    ref,
    () => ({
      open: () => {
        setActiveIndex(items.findIndex((item) => !item.disabled));
        setOpen(true);
      },
      close: () => setOpen(false),
    }),
    [items, setOpen],
  );

  const childRef = isValidElement(trigger) ? (trigger.props as { ref?: Ref<Element> }).ref : undefined;
  const triggerRef = useMergeRefs([refs.setReference, childRef]);

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    if (item.checked === undefined) setOpen(false);
    item.onSelect();
  };

  return (
    <>
      {cloneElement(
        trigger,
        getReferenceProps({
          ...(trigger.props as Record<string, unknown>),
          ref: triggerRef,
          'aria-haspopup': 'menu',
          'aria-expanded': open,
        } as Record<string, unknown>),
      )}
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={0}>
            <div
              ref={refs.setFloating}
              className="menu"
              style={floatingStyles}
              role="menu"
              aria-label={label}
              {...getFloatingProps()}
            >
              {items.map((item, index) => (
                <Fragment key={item.id}>
                  {item.separatorBefore ? <hr className="menu__separator" /> : null}
                  {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is set only with the role menuitemcheckbox */}
                  <button
                    type="button"
                    role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                    aria-checked={item.checked}
                    className={item.danger ? 'menu__item menu__item--danger' : 'menu__item'}
                    disabled={item.disabled}
                    tabIndex={activeIndex === index ? 0 : -1}
                    data-active={activeIndex === index || undefined}
                    ref={(node) => {
                      listRef.current[index] = node;
                      labelsRef.current[index] = item.label;
                    }}
                    {...getItemProps({
                      onClick: () => choose(item),
                      onKeyDown: (event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          choose(item);
                        }
                      },
                    })}
                  >
                    {item.checked === undefined ? (
                      item.icon
                    ) : (
                      <span className="menu__check" aria-hidden="true">
                        {item.checked ? <CheckIcon /> : null}
                      </span>
                    )}
                    <span className="menu__item-label">{item.label}</span>
                    {item.keys ? <Kbd keys={item.keys} /> : null}
                  </button>
                </Fragment>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
