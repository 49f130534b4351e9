import { useLocalStorage } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { LanguageButton } from './language-button';
import { defaultInterfaceLanguage, interfaceLanguageStorageKey, parseStoredLanguage, type InterfaceLanguage } from './interface-language';

/** The menu's code (Mantine's Menu, its floating positioning): loaded when a visitor reaches for the button, not with every public page. */
const loadLanguageMenu = () => import('./language-menu');
type LanguageMenuComponent = Awaited<ReturnType<typeof loadLanguageMenu>>['LanguageMenu'];

/**
 * The header's language selector (SPEC §2): the chosen language's flag (and its name on wider
 * screens) opening a menu of the five. The choice is only shown and remembered; nothing is
 * translated (SPEC: "Selection only changes the displayed choice"). Until a pointer or the focus
 * reaches the button it is a plain button; then, once its code is here, the menu takes its place
 * in one step: open if the button was pressed meanwhile, focused if it had the focus.
 */
export function LanguageSelector() {
  const [language, setLanguage] = useLocalStorage<InterfaceLanguage>({
    key: interfaceLanguageStorageKey,
    defaultValue: defaultInterfaceLanguage,
    getInitialValueInEffect: false,
    serialize: (code) => code,
    deserialize: (stored) => parseStoredLanguage(stored),
  });
  const [Menu, setMenu] = useState<LanguageMenuComponent | null>(null);
  const plainButton = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // A failed load leaves the plain button; the next press tries again.
  const load = () =>
    void loadLanguageMenu().then(
      ({ LanguageMenu }) => setMenu(() => LanguageMenu),
      (error: unknown) => console.warn('The language menu could not be loaded:', error),
    );
  const press = () => {
    pressed.current = true;
    load();
  };

  if (!Menu) {
    return <LanguageButton ref={plainButton} language={language} onPointerEnter={load} onFocus={load} onPointerDown={press} onClick={press} />;
  }
  // Read when the menu first renders, in the same task as the swap: a press or the focus that came
  // while the code was on its way is not lost.
  return <Menu language={language} onChange={setLanguage} wasPressed={() => pressed.current} hadFocus={() => plainButton.current === document.activeElement} />;
}
