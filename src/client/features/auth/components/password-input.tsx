import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Input } from "#client/components/ui/input.tsx";
import { PASSWORD_MIN_LENGTH } from "#shared/account.ts";

/** spec A §2 says "min. 6"; every password set now needs PASSWORD_MIN_LENGTH. */
export const PASSWORD_PLACEHOLDER = `Enter your password (min. ${PASSWORD_MIN_LENGTH} characters)`;

/** Password field with a show/hide toggle. The toggle's name is inner text, so a label query for
 * "Password" finds only the field. */
export function PasswordInput(props: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? "text" : "password"}
        placeholder={PASSWORD_PLACEHOLDER}
        className="pr-10"
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((current) => !current)}
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{visible ? "Hide password" : "Show password"}</span>
      </button>
    </div>
  );
}
