export { type TesseraTheme, type ThemeMode, darkTheme, lightTheme, themes } from './theme';
export { THEME_MODE_KEY, ThemeModeProvider, useThemeMode } from './theme-mode';
export { GlobalStyle } from './global-style';
export { focusRing } from './focus-ring';
export { VisuallyHidden } from './visually-hidden';
export {
  Button,
  ButtonLink,
  TextLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './button';
export { Card, TitledCard, type TitledCardProps } from './card';
export { Badge, type BadgeTone } from './badge';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { assertSelectOptions, Select, type SelectOption, type SelectProps } from './select';
export { Dialog, type DialogProps } from './dialog';
export { clampProgress, DEFAULT_PROGRESS_MAX, Progress, type ProgressProps } from './progress';
export { Switch, type SwitchProps } from './switch';
export { Avatar, type AvatarProps } from './avatar';
export { Spinner, type SpinnerProps } from './spinner';
export {
  dismissToast,
  getToastState,
  subscribeToToasts,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toast,
  toastReducer,
  type ToastAction,
  type ToastData,
  type ToastInput,
  type ToastState,
  type ToastVariant,
} from './toast-store';
export { Toaster } from './toaster';
export { DataTable, type DataTableProps, Table, TableScroll } from './table';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Breadcrumbs, type Crumb } from './breadcrumbs';
export { PageHeader, type PageHeaderProps } from './page-header';
export { PageTrail, PageTrailProvider, useCurrentPlace, usePageTrail } from './page-trail';
export { type Place, PRODUCT_NAME, placeOf } from './place';
export {
  ErrorText,
  FieldError,
  FieldRow,
  Input,
  Label,
  PasswordField,
  SearchInput,
  type SearchInputProps,
  Textarea,
  TextField,
  type TextFieldProps,
} from './field';
export { type FrameModule, type FrameSubmodule, ModuleFrame, type ModuleFrameProps } from './module-frame';
export { registerReactInstance } from './react-instances';
export { Actions, AutoColumns, CardGrid, CardList, FormGrid, FormGridWide, Stack } from './layout';
export { SaveActions, type SaveActionsProps } from './save-actions';
export {
  QueryCard,
  type QueryCardProps,
  QueryView,
  type QueryViewProps,
  type QueryViewSource,
} from './query-view';
export { MenuItem, MenuList } from './menu';
export { TYPEAHEAD_RESET_MS, typeaheadMatch, useMenuKeyboard } from './menu-keyboard';
export { SCROLL_HIDE_DELAY_MS, scrollAreaStyles, useScrollHide } from './scroll-area';
