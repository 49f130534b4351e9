import { Button, Menu, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { FlagFrance } from './flags/flag-france';
import type { FlagProps } from './flags/flag-frame';
import { FlagGermany } from './flags/flag-germany';
import { FlagItaly } from './flags/flag-italy';
import { FlagPoland } from './flags/flag-poland';
import { FlagUnitedKingdom } from './flags/flag-united-kingdom';
import {
  defaultInterfaceLanguage,
  interfaceLanguageName,
  interfaceLanguages,
  interfaceLanguageStorageKey,
  parseStoredLanguage,
  type InterfaceLanguage,
} from './interface-language';

/** English is shown with the flag of the United Kingdom. */
const flags: Record<InterfaceLanguage, ComponentType<FlagProps>> = {
  en: FlagUnitedKingdom,
  de: FlagGermany,
  it: FlagItaly,
  fr: FlagFrance,
  pl: FlagPoland,
};

/**
 * The header's language selector (SPEC §2): the chosen language's flag (and its name on wider
 * screens) opening a menu of the five. The choice is only shown and remembered; nothing is
 * translated (SPEC: "Selection only changes the displayed choice").
 */
export function LanguageSelector() {
  const [language, setLanguage] = useLocalStorage<InterfaceLanguage>({
    key: interfaceLanguageStorageKey,
    defaultValue: defaultInterfaceLanguage,
    getInitialValueInEffect: false,
    serialize: (code) => code,
    deserialize: (stored) => parseStoredLanguage(stored),
  });
  const name = interfaceLanguageName(language);
  const CurrentFlag = flags[language];

  return (
    <Menu position="bottom-end" width={180} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          px="xs"
          aria-label={`Language: ${name}`}
          leftSection={<CurrentFlag />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid="language-selector"
          data-language={language}
        >
          <Text span inherit visibleFrom="md">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="language-menu">
        {interfaceLanguages.map((option) => {
          const Flag = flags[option.code];
          const chosen = option.code === language;
          return (
            <Menu.Item
              key={option.code}
              leftSection={<Flag />}
              rightSection={chosen ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={chosen || undefined}
              fw={chosen ? 600 : undefined}
              onClick={() => setLanguage(option.code)}
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
