import { Button, Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useRef, type FocusEvent } from 'react';
import type { SigningOrder } from '@domain/signers';
import {
  canAddSigner,
  coSignersFormSchema,
  emptyCoSigner,
  type CoSignerDraft,
} from './wizard-signers';

/** A signer as the form keeps them: a key of their own, so removing one keeps the others' fields. */
type KeyedSigner = CoSignerDraft & { key: string };

const withoutKeys = (signers: readonly KeyedSigner[]): CoSignerDraft[] =>
  signers.map(({ name, email, phone }) => ({ name, email, phone }));

/**
 * Step 2's other signers (issue 37): "Add another signer" under the client (four signers in
 * all), each with name, email, phone and Remove, checked as the client's fields are; and, once
 * there is someone else, "Sign in this order".
 */
export function CoSignersFields(props: {
  /** The client's email as typed: another signer may not have it too. */
  clientEmail: string;
  coSigners: CoSignerDraft[];
  signingOrder: SigningOrder;
  onChange: (coSigners: CoSignerDraft[]) => void;
  onSigningOrderChange: (order: SigningOrder) => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      signers: props.coSigners.map((signer): KeyedSigner => ({ ...signer, key: randomId() })),
    },
    validate: schemaResolver(coSignersFormSchema(props.clientEmail), { sync: true }),
    onValuesChange: (values) => props.onChange(withoutKeys(values.signers)),
  });
  const signers = form.values.signers;
  /**
   * A field's props, checked when left with something typed. A field left empty says nothing yet
   * (the step's line under it does): its message appearing as "Add another signer" is pressed
   * would move the button from under the finger.
   */
  const inputProps = (path: string) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        if (event.currentTarget.value.trim() !== '') form.validateField(path);
      },
    };
  };
  // Keyboard: a new signer's name takes the focus; after Remove, "Add another signer" does. The
  // target is known at the click and exists after the next render.
  const pendingFocus = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === 'add') addButton.current?.focus();
    else document.getElementById(`${target}-name`)?.focus();
  });

  const add = () => {
    const key = randomId();
    form.insertListItem('signers', { ...emptyCoSigner(), key });
    pendingFocus.current = key;
  };
  const remove = (index: number) => {
    form.removeListItem('signers', index);
    pendingFocus.current = 'add';
  };

  return (
    <Stack gap="sm">
      {signers.map((signer, index) => {
        const title = `Signer ${index + 2}`;
        return (
          <Card
            key={signer.key}
            withBorder
            padding="sm"
            m={0}
            component="fieldset"
            aria-label={title}
          >
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={600}>{title}</Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={`Remove signer ${index + 2}`}
                onClick={() => remove(index)}
              >
                Remove
              </Button>
            </Group>
            <Stack gap="xs">
              <TextInput
                id={`${signer.key}-name`}
                label="Name"
                required
                autoComplete="off"
                {...inputProps(`signers.${index}.name`)}
              />
              <TextInput
                label="Email Address"
                type="email"
                inputMode="email"
                autoComplete="off"
                required
                {...inputProps(`signers.${index}.email`)}
              />
              <TextInput
                label="Phone Number"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                {...inputProps(`signers.${index}.phone`)}
              />
            </Stack>
          </Card>
        );
      })}
      {canAddSigner(signers) && (
        <Button
          ref={addButton}
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
        >
          Add another signer
        </Button>
      )}
      {signers.length > 0 && (
        <Switch
          label="Sign in this order"
          description={
            props.signingOrder === 'in_order'
              ? 'Each signer gets their link after the one before signs'
              : 'Everyone gets their link at once'
          }
          checked={props.signingOrder === 'in_order'}
          onChange={(event) =>
            props.onSigningOrderChange(event.currentTarget.checked ? 'in_order' : 'together')
          }
        />
      )}
    </Stack>
  );
}
