import { Button, type ButtonProps, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, type ComponentType, forwardRef } from 'react';
import { FlagFrance } from './flags/flag-france';
import type { FlagProps } from './flags/flag-frame';
import { FlagGermany } from './flags/flag-germany';
import { FlagItaly } from './flags/flag-italy';
import { FlagPoland } from './flags/flag-poland';
import { FlagUnitedKingdom } from './flags/flag-united-kingdom';
import { interfaceLanguageName, type InterfaceLanguage } from './interface-language';

/** English is shown with the flag of the United Kingdom. */
export const languageFlags: Record<InterfaceLanguage, ComponentType<FlagProps>> = {
  en: FlagUnitedKingdom,
  de: FlagGermany,
  it: FlagItaly,
  fr: FlagFrance,
  pl: FlagPoland,
};

type LanguageButtonProps = { language: InterfaceLanguage } & ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/** The selector's button: the chosen language's flag, and its name on wider screens. */
export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(function LanguageButton({ language, ...props }, ref) {
  const name = interfaceLanguageName(language);
  const Flag = languageFlags[language];
  return (
    <Button
      ref={ref}
      variant="default"
      px="xs"
      aria-label={`Language: ${name}`}
      leftSection={<Flag />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      data-testid="language-selector"
      data-language={language}
      {...props}
    >
      <Text span inherit visibleFrom="md">
        {name}
      </Text>
    </Button>
  );
});
