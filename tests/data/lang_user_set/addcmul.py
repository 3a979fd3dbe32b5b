"""input + value * tensor1 * tensor2 (torch.addcmul), three full inputs and a float attribute."""
import kernelgen.lang as kl


@kl.op(category="math", outputs=("out",))
def addcmul(input, tensor1, tensor2, value: float = 1.0):
    return input + value * tensor1 * tensor2
