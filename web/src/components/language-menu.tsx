import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { languageFlags, LanguageButton } from './language-button';
import { interfaceLanguages, type InterfaceLanguage } from './interface-language';

interface LanguageMenuProps {
  language: InterfaceLanguage;
  onChange: (language: InterfaceLanguage) => void;
  /** Whether the plain button was pressed before this code arrived (then the menu opens at once). */
  wasPressed: () => boolean;
  /** Whether the plain button has the focus (then this button takes it). */
  hadFocus: () => boolean;
}

/** The language selector's menu of the five languages (SPEC §2), loaded on first use. */
export function LanguageMenu({ language, onChange, wasPressed, hadFocus }: LanguageMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(wasPressed);
  const [takeFocus] = useState(hadFocus);
  // In the same commit that replaced the plain button, so no key press falls between the two.
  useLayoutEffect(() => {
    if (takeFocus) target.current?.focus();
  }, [takeFocus]);

  return (
    <Menu position="bottom-end" width={180} shadow="md" withinPortal withInitialFocusPlaceholder={false} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <LanguageButton ref={target} language={language} />
      </Menu.Target>
      <Menu.Dropdown data-testid="language-menu">
        {interfaceLanguages.map((option) => {
          const Flag = languageFlags[option.code];
          const chosen = option.code === language;
          return (
            <Menu.Item
              key={option.code}
              leftSection={<Flag />}
              rightSection={chosen ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={chosen || undefined}
              fw={chosen ? 600 : undefined}
              onClick={() => onChange(option.code)}
              data-testid={`language-option-${option.code}`}
            >
              {option.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
