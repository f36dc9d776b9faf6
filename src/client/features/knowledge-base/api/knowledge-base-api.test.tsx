import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { knowledgeKeys, useRefreshWhenRead } from "./knowledge-base-api.ts";

describe("useRefreshWhenRead", () => {
  it("asks every knowledge query again when the last entry being read is read, and only then", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue(undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const hook = renderHook(({ reading }) => useRefreshWhenRead(reading), {
      wrapper,
      initialProps: { reading: false },
    });
    hook.rerender({ reading: true });
    hook.rerender({ reading: true });
    expect(invalidate).not.toHaveBeenCalled();
    // A search made meanwhile (under knowledgeKeys.all) is asked again with the list and figures.
    hook.rerender({ reading: false });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: knowledgeKeys.all });
    hook.rerender({ reading: false });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
